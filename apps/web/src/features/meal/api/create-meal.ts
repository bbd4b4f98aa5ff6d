import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TCreateMealInput, ZMealResponse } from '@suite/shared/schemas/meal';
import { api } from '@/lib/api';
import { mealKeys } from './keys';

type TResponse = z.infer<typeof ZMealResponse>;

export const createMeal = (seedId: string, body: TCreateMealInput) => api<TResponse>(`/api/seeds/${seedId}/meals`, { method: 'POST', body });

export function useCreateMeal(seedId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateMealInput) => createMeal(seedId, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: mealKeys.all(seedId) }),
  });
}
