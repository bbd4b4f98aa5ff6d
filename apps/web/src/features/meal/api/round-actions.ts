// Join, decline, close and cancel a round: one fetcher each, and the hook that refreshes the round afterwards.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TJoinMealInput, ZMealResponse } from '@suite/shared/schemas/meal';
import type { ZMessageResponse } from '@suite/shared';
import { api } from '@/lib/api';
import { mealKeys } from './keys';

type TMealResponse = z.infer<typeof ZMealResponse>;
type TMessage = z.infer<typeof ZMessageResponse>;
const url = (seedId: string, mealId: string) => `/api/seeds/${seedId}/meals/${mealId}`;

export const joinMeal = (seedId: string, mealId: string, body: TJoinMealInput) => api<TMealResponse>(`${url(seedId, mealId)}/join`, { method: 'POST', body });
export const declineMeal = (seedId: string, mealId: string) => api<TMealResponse>(`${url(seedId, mealId)}/decline`, { method: 'POST' });
export const closeMeal = (seedId: string, mealId: string) => api<TMealResponse>(`${url(seedId, mealId)}/close`, { method: 'POST' });
export const deleteMeal = (seedId: string, mealId: string) => api<TMessage>(url(seedId, mealId), { method: 'DELETE' });

function useRoundMutation<TVars, TResult>(seedId: string, fn: (vars: TVars) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: mealKeys.all(seedId) }) });
}

export const useJoinMeal = (seedId: string, mealId: string) => useRoundMutation(seedId, (body: TJoinMealInput) => joinMeal(seedId, mealId, body));
export const useDeclineMeal = (seedId: string, mealId: string) => useRoundMutation(seedId, () => declineMeal(seedId, mealId));
export const useCloseMeal = (seedId: string, mealId: string) => useRoundMutation(seedId, () => closeMeal(seedId, mealId));
export const useDeleteMeal = (seedId: string, mealId: string) => useRoundMutation(seedId, () => deleteMeal(seedId, mealId));
