import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDomain, TDomainInput } from '@suite/shared';
import { api } from '@/lib/api';
import { domainKeys, domainsPath } from './keys';

/** POST /api/seeds/{seedId}/domains → 201 the domain with the DNS records to add (status 확인 중). */
export const addDomain = (seedId: string, body: TDomainInput) => api<TDomain>(domainsPath(seedId), { method: 'POST', body });

export function useAddDomain(seedId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TDomainInput) => addDomain(seedId, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: domainKeys.list(seedId) }),
  });
}
