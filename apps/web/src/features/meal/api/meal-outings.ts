// Outings (1차, 2차 …) and the bill amount (issue 38): fetchers and hooks.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TCreateMealInput, ZMealResponse } from '@suite/shared/schemas/meal';
import type { TMealBillInput, ZMealOutingResponse } from '@suite/shared/schemas/meal-outings';
import { api } from '@/lib/api';
import { mealKeys } from './keys';

type TMealResponse = z.infer<typeof ZMealResponse>;
type TOutingResponse = z.infer<typeof ZMealOutingResponse>;

export const outingKey = (seedId: string, outingId: string) => [...mealKeys.all(seedId), 'outing', outingId] as const;

export const getOuting = (seedId: string, outingId: string) => api<TOutingResponse>(`/api/seeds/${seedId}/meal-outings/${outingId}`).then((r) => r.data);
export const outingQuery = (seedId: string, outingId: string) =>
  queryOptions({ queryKey: outingKey(seedId, outingId), queryFn: () => getOuting(seedId, outingId) });
export const useOuting = (seedId: string, outingId: string | null) => useQuery({ ...outingQuery(seedId, outingId ?? ''), enabled: Boolean(outingId) });

/** POST …/meals/:mealId/next-part: the same body as opening a round. */
export const addNextPart = (seedId: string, mealId: string, body: TCreateMealInput) =>
  api<TMealResponse>(`/api/seeds/${seedId}/meals/${mealId}/next-part`, { method: 'POST', body });

export function useNextPart(seedId: string, mealId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateMealInput) => addNextPart(seedId, mealId, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: mealKeys.all(seedId) }),
  });
}

export const setBill = (seedId: string, mealId: string, body: TMealBillInput) =>
  api<TMealResponse>(`/api/seeds/${seedId}/meals/${mealId}/bill`, { method: 'PUT', body });

export function useSetBill(seedId: string, mealId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TMealBillInput) => setBill(seedId, mealId, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: mealKeys.all(seedId) }),
  });
}
