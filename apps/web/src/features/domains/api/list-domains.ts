import { useQuery } from '@tanstack/react-query';
import type { TDomainList } from '@suite/shared';
import { api } from '@/lib/api';
import { domainKeys, domainsPath } from './keys';

/** How often the list is asked again while a domain is still 확인 중 (the server's job runner re-checks DNS). */
export const PENDING_POLL_MS = 30_000;

/** GET /api/seeds/{seedId}/domains: the seed's host names with their records and last check (owner and admins). */
export const listDomains = (seedId: string) => api<TDomainList>(domainsPath(seedId));

export const useDomains = (seedId: string) =>
  useQuery({
    queryKey: domainKeys.list(seedId),
    queryFn: () => listDomains(seedId),
    refetchInterval: (q) => (q.state.data?.data.some((d) => d.status === 'pending') ? PENDING_POLL_MS : false),
  });
