import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCardInput, TPaymentMethod } from '@suite/shared/schemas/billing';
import { api } from '@/lib/api';
import { billingKeys } from './billing-keys';

/** POST /api/seeds/:seedId/billing/payment-methods/card: the authKey from Toss's window becomes the seed's billing key. */
export const registerCard = (seedId: string, body: TCardInput) =>
  api<TPaymentMethod>(`/api/seeds/${seedId}/billing/payment-methods/card`, { method: 'POST', body });

export function useRegisterCard(seedId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TCardInput) => registerCard(seedId, body),
    onSettled: () => qc.invalidateQueries({ queryKey: billingKeys.seed(seedId) }),
  });
}
