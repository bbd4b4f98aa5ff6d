import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  TAdminRevealListResponse,
  TAdminRoleInput,
  TAdminRolesResponse,
  TAdminRoleView,
  ZAdminRevealResponse,
} from '@suite/shared/schemas/admin-builder-roles';
import { api } from '@/lib/api';
import { useInvalidateAdminBuilder } from './invalidate';
import { adBase, adKeys, adTableBase } from './keys';

/** Custom roles, their members and 열람 (decision 092). */
const rolesKey = (seedId: string, appId: string) => [...adKeys.all(seedId), 'roles', appId] as const;
const revealsKey = (seedId: string, appId: string, page: number) => [...adKeys.all(seedId), 'reveals', appId, page] as const;
const appBase = (seedId: string, appId: string) => `${adBase(seedId)}/apps/${appId}`;

export const useRoles = (seedId: string, appId: string) =>
  useQuery({
    queryKey: rolesKey(seedId, appId),
    queryFn: () => api<TAdminRolesResponse>(`${appBase(seedId, appId)}/roles`),
    enabled: Boolean(seedId && appId),
    retry: false,
  });

type TMessage = { success: true; message: string };
type TSaved = { success: true; message: string; data: TAdminRoleView };

export function useSaveRole(seedId: string, appId: string) {
  const invalidate = useInvalidateAdminBuilder(seedId);
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: TAdminRoleInput }) =>
      id
        ? api<TSaved>(`${appBase(seedId, appId)}/roles/${id}`, { method: 'PATCH', body })
        : api<TSaved>(`${appBase(seedId, appId)}/roles`, { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useDeleteRole(seedId: string, appId: string) {
  const invalidate = useInvalidateAdminBuilder(seedId);
  return useMutation({
    mutationFn: (id: string) => api<TMessage>(`${appBase(seedId, appId)}/roles/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useAssignRole(seedId: string, appId: string) {
  const invalidate = useInvalidateAdminBuilder(seedId);
  return useMutation({
    mutationFn: ({ userId, roleId }: { userId: string; roleId: string | null }) =>
      api<TMessage>(`${appBase(seedId, appId)}/members/${userId}/role`, { method: 'PATCH', body: { roleId } }),
    onSuccess: invalidate,
  });
}

/** 열람: one masked value in clear, with the reason recorded on the server. */
export const useReveal = (seedId: string, appId: string, table: string) =>
  useMutation({
    mutationFn: (body: { key: string; column: string; reason: string }) =>
      api<z.infer<typeof ZAdminRevealResponse>>(`${adTableBase(seedId, appId, table)}/reveal`, { method: 'POST', body }),
  });

export const useReveals = (seedId: string, appId: string, page: number) =>
  useQuery({
    queryKey: revealsKey(seedId, appId, page),
    queryFn: () => api<TAdminRevealListResponse>(`${appBase(seedId, appId)}/reveals?page=${page}`),
    enabled: Boolean(seedId && appId),
    placeholderData: keepPreviousData,
    retry: false,
  });
