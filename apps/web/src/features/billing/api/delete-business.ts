import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { billingKeys } from './billing-keys';

/** DELETE /api/seeds/:seedId/billing/business: the seed is billed as an individual (cash receipts, no 세금계산서). */
export const deleteBusiness = (seedId: string) => api<unknown>(`/api/seeds/${seedId}/billing/business`, { method: 'DELETE' });

export function useDeleteBusiness(seedId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => deleteBusiness(seedId),
    onSettled: () => qc.invalidateQueries({ queryKey: billingKeys.seed(seedId) }),
  });
}
