import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSeedPrivacyReceipt, TSeedPrivacyRequestInput } from '@suite/shared';
import { api } from '@/lib/api';
import { seedPrivacyKeys } from './keys';

/** POST /api/seeds/{seedId}/privacy/requests → 201 the receipt (an erase is done at once; an export is pending). */
export const createRequest = (seedId: string, body: TSeedPrivacyRequestInput) =>
  api<TSeedPrivacyReceipt>(`/api/seeds/${encodeURIComponent(seedId)}/privacy/requests`, { method: 'POST', body });

export function useCreateSeedPrivacyRequest(seedId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TSeedPrivacyRequestInput) => createRequest(seedId, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: seedPrivacyKeys.requests(seedId) }),
  });
}
