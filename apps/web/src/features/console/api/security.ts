import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCountResponse, TSecondFactorPolicy } from '@suite/shared';
import { api } from '@/lib/api';

type TPolicyResponse = TSecondFactorPolicy & { success: true };

export const adminPolicyQuery = () =>
  queryOptions({ queryKey: ['admin-security', 'second-factor'], queryFn: () => api<TPolicyResponse>('/api/admin/security/second-factor') });
export const useAdminPolicy = () => useQuery(adminPolicyQuery());

export function useSetAdminPolicy() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TSecondFactorPolicy) => api<TPolicyResponse>('/api/admin/security/second-factor', { method: 'PUT', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin-security'] }),
  });
}

/** Ends every user's sessions except the caller's. */
export const revokeAllSessions = () => api<TCountResponse>('/api/admin/sessions/revoke-all', { method: 'POST' });

const seedPolicyKey = (seedId: string) => ['seed-security', seedId, 'second-factor'];
export const useSeedPolicy = (seedId: string) =>
  useQuery({ queryKey: seedPolicyKey(seedId), queryFn: () => api<TPolicyResponse>(`/api/seeds/${seedId}/security/second-factor`) });

export function useSetSeedPolicy(seedId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TSecondFactorPolicy) => api<TPolicyResponse>(`/api/seeds/${seedId}/security/second-factor`, { method: 'PUT', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: seedPolicyKey(seedId) }),
  });
}
