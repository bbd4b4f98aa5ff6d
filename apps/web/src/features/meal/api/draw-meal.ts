import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMealDraw } from '@suite/shared/schemas/meal';
import { api } from '@/lib/api';
import { mealKeys } from './keys';

export const drawMeal = (seedId: string, mealId: string) => api<TMealDraw>(`/api/seeds/${seedId}/meals/${mealId}/draw`, { method: 'POST' });

export function useDrawMeal(seedId: string, mealId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: () => drawMeal(seedId, mealId), onSuccess: () => qc.invalidateQueries({ queryKey: mealKeys.all(seedId) }) });
}
