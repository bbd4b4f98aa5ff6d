import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZMessageResponse } from '@suite/shared';
import type {
  TAdminActionInput,
  ZAdminActionListResponse,
  ZAdminActionRunResponse,
  ZAdminActionRunsResponse,
  ZAdminActionSavedResponse,
} from '@suite/shared/schemas/admin-builder-actions';
import { api } from '@/lib/api';
import { adBase, adKeys, adTableBase } from './keys';

/** Row actions of an app and their runs (decision 094). */
const actionsKey = (seedId: string, appId: string) => [...adKeys.all(seedId), 'actions', appId] as const;
const appBase = (seedId: string, appId: string) => `${adBase(seedId)}/apps/${appId}`;
type TSaved = z.infer<typeof ZAdminActionSavedResponse>;

export const useActions = (seedId: string, appId: string, table?: string, wanted = true) =>
  useQuery({
    queryKey: [...actionsKey(seedId, appId), table ?? ''],
    queryFn: () => api<z.infer<typeof ZAdminActionListResponse>>(`${appBase(seedId, appId)}/actions${table ? `?table=${encodeURIComponent(table)}` : ''}`),
    enabled: Boolean(seedId && appId) && wanted,
    retry: false,
  });

export const useActionRuns = (seedId: string, appId: string) =>
  useQuery({
    queryKey: [...actionsKey(seedId, appId), 'runs'],
    queryFn: () => api<z.infer<typeof ZAdminActionRunsResponse>>(`${appBase(seedId, appId)}/action-runs`),
    enabled: Boolean(seedId && appId),
    retry: false,
  });

function useRefresh(seedId: string, appId: string) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: actionsKey(seedId, appId) });
}

export function useSaveAction(seedId: string, appId: string) {
  const refresh = useRefresh(seedId, appId);
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: TAdminActionInput }) =>
      id
        ? api<TSaved>(`${appBase(seedId, appId)}/actions/${id}`, { method: 'PUT', body })
        : api<TSaved>(`${appBase(seedId, appId)}/actions`, { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export function useRotateAction(seedId: string, appId: string) {
  return useMutation({ mutationFn: (id: string) => api<TSaved>(`${appBase(seedId, appId)}/actions/${id}/rotate`, { method: 'POST' }) });
}

export function useDeleteAction(seedId: string, appId: string) {
  const refresh = useRefresh(seedId, appId);
  return useMutation({
    mutationFn: (id: string) => api<z.infer<typeof ZMessageResponse>>(`${appBase(seedId, appId)}/actions/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/** Runs an action on rows (the confirm step is the dialog; the server requires `confirm: true` too). */
export function useRunAction(seedId: string, appId: string, table: string) {
  const refresh = useRefresh(seedId, appId);
  return useMutation({
    mutationFn: ({ id, keys }: { id: string; keys: string[] }) =>
      api<z.infer<typeof ZAdminActionRunResponse>>(`${adTableBase(seedId, appId, table)}/actions/${id}/run`, { method: 'POST', body: { keys, confirm: true } }),
    onSuccess: refresh,
  });
}
