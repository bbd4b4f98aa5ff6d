import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { domainKeys, domainsPath } from './keys';

/** DELETE /api/seeds/{seedId}/domains/{id}: the host stops reaching the seed (its DNS records stay with the customer). */
export const removeDomain = (seedId: string, id: string) => api<unknown>(`${domainsPath(seedId)}/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useRemoveDomain(seedId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => removeDomain(seedId, id),
    onSuccess: () => qc.invalidateQueries({ queryKey: domainKeys.list(seedId) }),
  });
}
