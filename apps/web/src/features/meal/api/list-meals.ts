import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZMealListResponse } from '@suite/shared/schemas/meal';
import { api } from '@/lib/api';
import { mealKeys } from './keys';

type TResponse = z.infer<typeof ZMealListResponse>;

export const listMeals = (seedId: string) => api<TResponse>(`/api/seeds/${seedId}/meals`).then((r) => r.data);
export const listMealsQuery = (seedId: string) => queryOptions({ queryKey: mealKeys.list(seedId), queryFn: () => listMeals(seedId) });
export const useMeals = (seedId: string) => useQuery(listMealsQuery(seedId));
