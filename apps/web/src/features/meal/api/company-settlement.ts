import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMealLedger } from '@suite/shared/schemas/meal';
import type { TMealCompanySettlementInput } from '@suite/shared/schemas/meal-policy';
import { api } from '@/lib/api';
import { mealKeys } from './keys';

/** Issue 38: the accountant records that the company paid a member back, or that a member paid the company. */
export const createCompanySettlement = (seedId: string, body: TMealCompanySettlementInput) =>
  api<TMealLedger>(`/api/seeds/${seedId}/meal-ledger/company-settlements`, { method: 'POST', body });

export function useCreateCompanySettlement(seedId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TMealCompanySettlementInput) => createCompanySettlement(seedId, body),
    onSuccess: (data) => qc.setQueryData(mealKeys.ledger(seedId), data),
  });
}
