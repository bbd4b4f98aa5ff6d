import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPaymentMethod } from '@suite/shared/schemas/billing';
import { api } from '@/lib/api';
import { billingKeys } from './billing-keys';

/** POST /api/seeds/:seedId/billing/payment-methods/transfer: pay each invoice into its own virtual account. */
export const chooseTransfer = (seedId: string) => api<TPaymentMethod>(`/api/seeds/${seedId}/billing/payment-methods/transfer`, { method: 'POST' });

export function useChooseTransfer(seedId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => chooseTransfer(seedId),
    onSettled: () => qc.invalidateQueries({ queryKey: billingKeys.seed(seedId) }),
  });
}
