import { useQuery } from '@tanstack/react-query';
import type { TSeedPrivacyReceiptList } from '@suite/shared';
import { api } from '@/lib/api';
import { seedPrivacyKeys } from './keys';

/** How often the list is asked again while an export is still being built (the server's job runner makes the file). */
export const PENDING_POLL_MS = 3_000;

/** GET /api/seeds/{seedId}/privacy/requests: the seed's requests with their receipts, newest first (owner only). */
export const listRequests = (seedId: string) => api<TSeedPrivacyReceiptList>(`/api/seeds/${encodeURIComponent(seedId)}/privacy/requests`);

export const useSeedPrivacyRequests = (seedId: string) =>
  useQuery({
    queryKey: seedPrivacyKeys.requests(seedId),
    queryFn: () => listRequests(seedId),
    refetchInterval: (q) => (q.state.data?.data.some((r) => r.status === 'pending') ? PENDING_POLL_MS : false),
  });
