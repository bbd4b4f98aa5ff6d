import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCardExpiryInput, TPaymentMethod } from '@suite/shared/schemas/billing';
import { api } from '@/lib/api';
import { billingKeys } from './billing-keys';

/** PUT /api/seeds/:seedId/billing/payment-methods/card/expiry: the card's last valid month, for the expiry notice. */
export const setCardExpiry = (seedId: string, body: TCardExpiryInput) =>
  api<TPaymentMethod>(`/api/seeds/${seedId}/billing/payment-methods/card/expiry`, { method: 'PUT', body });

export function useSetCardExpiry(seedId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TCardExpiryInput) => setCardExpiry(seedId, body),
    onSettled: () => qc.invalidateQueries({ queryKey: billingKeys.seed(seedId) }),
  });
}
