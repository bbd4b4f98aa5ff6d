import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBillingOverview, TChangePlanInput } from '@suite/shared/schemas/billing';
import { api } from '@/lib/api';
import { billingKeys } from './billing-keys';

/**
 * PUT /api/seeds/:seedId/billing/plan: the server prices the change (an upgrade now with proration, a downgrade at the
 * period's end) and answers the seed's billing as it now is. 409 (billing not set up, no payment method) and 402
 * (card declined) carry its Korean message.
 */
export const changePlan = (seedId: string, body: TChangePlanInput) => api<TBillingOverview>(`/api/seeds/${seedId}/billing/plan`, { method: 'PUT', body });

export function useChangePlan(seedId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TChangePlanInput) => changePlan(seedId, body),
    onSuccess: (overview) => qc.setQueryData(billingKeys.overview(seedId), overview),
    onSettled: () => qc.invalidateQueries({ queryKey: billingKeys.seed(seedId) }),
  });
}
