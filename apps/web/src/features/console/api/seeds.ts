import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TActionResponse, TMessageResponse, TSeedMembersResponse, ZSeedResponse } from '@suite/shared';
import { api } from '@/lib/api';
import { seedsQueryKey } from '@/lib/seed-context';

export type { TSeedMember } from '@suite/shared';

function useInvalidate() {
  const qc = useQueryClient();
  return async () => {
    // The member's console summary counts seeds (its 'no seed yet' guidance goes away with the first one).
    void qc.invalidateQueries({ queryKey: ['console-summary'] });
    await qc.invalidateQueries({ queryKey: seedsQueryKey });
  };
}

export function useCreateSeed() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { seed_name: string; seed_address?: string }) => api<z.infer<typeof ZSeedResponse>>('/api/seeds', { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useUpdateSeed(seedId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { seed_name?: string; seed_address?: string | null }) =>
      api<z.infer<typeof ZSeedResponse>>(`/api/seeds/${seedId}`, { method: 'PATCH', body }),
    onSuccess: invalidate,
  });
}

export function useDeleteSeed() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (seedId: string) => api<TMessageResponse>(`/api/seeds/${seedId}`, { method: 'DELETE' }),
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
      api<TActionResponse>(`/api/seeds/${seedId}${req.path}`, { method: req.method, body: req.body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['seed-members', seedId] });
      void qc.invalidateQueries({ queryKey: seedsQueryKey });
    },
  });
}
