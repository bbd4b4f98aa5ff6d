import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TChangePlanInput } from '@suite/shared/schemas/billing';
import { api } from '@/lib/api';
import { billingKeys } from './billing-keys';

/**
 * PUT /api/seeds/:seedId/billing/plan: the server prices the change (an upgrade now with proration, a downgrade at the
 * period's end). 409 (billing not set up, no payment method) and 402 (card declined) carry its Korean message.
 */
export const changePlan = (seedId: string, body: TChangePlanInput) => api<unknown>(`/api/seeds/${seedId}/billing/plan`, { method: 'PUT', body });

export function useChangePlan(seedId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TChangePlanInput) => changePlan(seedId, body),
    onSettled: () => qc.invalidateQueries({ queryKey: billingKeys.seed(seedId) }),
  });
}
