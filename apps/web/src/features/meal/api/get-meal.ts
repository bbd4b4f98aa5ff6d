import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZMealResponse } from '@suite/shared/schemas/meal';
import { api } from '@/lib/api';
import { mealKeys } from './keys';

type TResponse = z.infer<typeof ZMealResponse>;

export const getMeal = (seedId: string, mealId: string) => api<TResponse>(`/api/seeds/${seedId}/meals/${mealId}`).then((r) => r.data);
export const getMealQuery = (seedId: string, mealId: string) =>
  queryOptions({ queryKey: mealKeys.round(seedId, mealId), queryFn: () => getMeal(seedId, mealId) });
export const useMeal = (seedId: string, mealId: string) => useQuery(getMealQuery(seedId, mealId));
