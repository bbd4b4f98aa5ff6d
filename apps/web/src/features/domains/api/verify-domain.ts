import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDomain } from '@suite/shared';
import { api } from '@/lib/api';
import { domainKeys, domainsPath } from './keys';

/** POST /api/seeds/{seedId}/domains/{id}/verify: checks the records in DNS now and answers the domain as it is after. */
export const verifyDomain = (seedId: string, id: string) => api<TDomain>(`${domainsPath(seedId)}/${encodeURIComponent(id)}/verify`, { method: 'POST' });

export function useVerifyDomain(seedId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => verifyDomain(seedId, id),
    onSettled: () => qc.invalidateQueries({ queryKey: domainKeys.list(seedId) }),
  });
}
