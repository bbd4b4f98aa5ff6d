import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBusiness, TBusinessInput } from '@suite/shared/schemas/billing';
import { api } from '@/lib/api';
import { billingKeys } from './billing-keys';

/** PUT /api/seeds/:seedId/billing/business: 400 with `details[{ path, message }]` for a field the server refuses. */
export const saveBusiness = (seedId: string, body: TBusinessInput) =>
  api<TBusiness | { business?: TBusiness } | null>(`/api/seeds/${seedId}/billing/business`, { method: 'PUT', body });

export function useSaveBusiness(seedId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TBusinessInput) => saveBusiness(seedId, body),
    onSettled: () => qc.invalidateQueries({ queryKey: billingKeys.seed(seedId) }),
  });
}
