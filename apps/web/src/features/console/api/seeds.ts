import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSeedMembersResponse } from '@suite/shared';
import { api } from '@/lib/api';
import { seedsQueryKey, type TSeedItem } from '@/lib/seed-context';

export type { TSeedMember } from '@suite/shared';

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: seedsQueryKey });
}

export function useCreateSeed() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { seed_name: string; seed_address?: string }) =>
      api<{ success: true; data: TSeedItem }>('/api/seeds', { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useUpdateSeed(seedId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { seed_name?: string; seed_address?: string | null }) =>
      api<{ success: true; data: TSeedItem }>(`/api/seeds/${seedId}`, { method: 'PATCH', body }),
    onSuccess: invalidate,
  });
}

export function useDeleteSeed() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (seedId: string) => api<{ success: true; message: string }>(`/api/seeds/${seedId}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useSeedMembers(seedId: string | undefined) {
  return useQuery({
    queryKey: ['seed-members', seedId],
    enabled: Boolean(seedId),
    queryFn: () => api<TSeedMembersResponse>(`/api/seeds/${seedId}/members`),
  });
}

export function useSeedAction(seedId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (req: { path: string; method: 'POST' | 'PATCH' | 'DELETE'; body?: unknown }) =>
      api<{ success: true; message?: string }>(`/api/seeds/${seedId}${req.path}`, { method: req.method, body: req.body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['seed-members', seedId] });
      void qc.invalidateQueries({ queryKey: seedsQueryKey });
    },
  });
}
