import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZMealVerifyResponse } from '@suite/shared/schemas/meal-verify';
import { api } from '@/lib/api';

type TResponse = z.infer<typeof ZMealVerifyResponse>;

/** GET /api/public/meal-draws/{mealId} (public, no sign-in): the draw's commitment, and after the draw what the formula needs. */
export const getPublicDraw = (mealId: string) => api<TResponse>(`/api/public/meal-draws/${encodeURIComponent(mealId)}`, { auth: false });
export const publicDrawQuery = (mealId: string) =>
  queryOptions({ queryKey: ['meal', 'public-draw', mealId] as const, queryFn: () => getPublicDraw(mealId), retry: false, select: (r) => r.data });
export const usePublicDraw = (mealId: string) => useQuery({ ...publicDrawQuery(mealId), enabled: Boolean(mealId) });
