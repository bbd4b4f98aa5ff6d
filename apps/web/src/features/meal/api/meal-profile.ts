// The meal profile (issue 38), a round's dietary notes and the viewer's usual menus.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TMealProfileInput, ZMealDietResponse, ZMealProfileResponse, ZMealProfileSaved, ZMealUsualResponse } from '@suite/shared/schemas/meal-transfers';
import { api } from '@/lib/api';
import { mealKeys } from './keys';

const PROFILE_KEY = ['meal-profile'] as const;

export const getMealProfile = () => api<z.infer<typeof ZMealProfileResponse>>('/api/meal-profile').then((r) => r.data);
export const useMealProfile = () => useQuery(queryOptions({ queryKey: PROFILE_KEY, queryFn: getMealProfile }));

export const saveMealProfile = (body: TMealProfileInput) => api<z.infer<typeof ZMealProfileSaved>>('/api/meal-profile', { method: 'PUT', body });
export function useSaveMealProfile() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveMealProfile, onSuccess: (r) => qc.setQueryData(PROFILE_KEY, r.data) });
}

export const getMealDiet = (seedId: string, mealId: string) =>
  api<z.infer<typeof ZMealDietResponse>>(`/api/seeds/${seedId}/meals/${mealId}/diet`).then((r) => r.data);
export const useMealDiet = (seedId: string, mealId: string) =>
  useQuery(queryOptions({ queryKey: [...mealKeys.round(seedId, mealId), 'diet'], queryFn: () => getMealDiet(seedId, mealId) }));

export const getMealUsual = (seedId: string) => api<z.infer<typeof ZMealUsualResponse>>(`/api/seeds/${seedId}/meal-usual`).then((r) => r.data);
export const useMealUsual = (seedId: string) => useQuery(queryOptions({ queryKey: [...mealKeys.all(seedId), 'usual'], queryFn: () => getMealUsual(seedId) }));
