import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBusinessInput, TBusinessSaved } from '@suite/shared/schemas/billing';
import { api } from '@/lib/api';
import { billingKeys } from './billing-keys';

/**
 * PUT /api/seeds/:seedId/billing/business: the saved details with the NTS check's note (간이, 휴업, 면세, not checked),
 * or 400 with `details[{ path, message }]` for a field the server refuses (a closed business, say).
 */
export const saveBusiness = (seedId: string, body: TBusinessInput) => api<TBusinessSaved>(`/api/seeds/${seedId}/billing/business`, { method: 'PUT', body });

export function useSaveBusiness(seedId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TBusinessInput) => saveBusiness(seedId, body),
    onSettled: () => qc.invalidateQueries({ queryKey: billingKeys.seed(seedId) }),
  });
}
