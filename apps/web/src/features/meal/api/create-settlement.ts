import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMealLedger, TMealSettlementInput } from '@suite/shared/schemas/meal';
import { api } from '@/lib/api';
import { mealKeys } from './keys';

export const createSettlement = (seedId: string, body: TMealSettlementInput) =>
  api<TMealLedger>(`/api/seeds/${seedId}/meal-ledger/settlements`, { method: 'POST', body });

export function useCreateSettlement(seedId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TMealSettlementInput) => createSettlement(seedId, body),
    onSuccess: (data) => qc.setQueryData(mealKeys.ledger(seedId), data),
  });
}
