import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TMessageResponse } from '@suite/shared';
import type { TClosedDayInput, ZClosedDayResponse, ZHolidayListResponse } from '@suite/shared/schemas/rooms-holidays';
import { api } from '@/lib/api';
import { useInvalidateRooms } from './invalidate';
import { roomKeys } from './keys';

type TResponse = z.infer<typeof ZHolidayListResponse>;

/** Public holidays, substitute holidays and the seed's closed days of a year (issue 37). */
export const listHolidays = (seedId: string, year: number) => api<TResponse>(`/api/seeds/${seedId}/rooms/holidays?year=${year}`).then((r) => r.data);
export const holidaysQuery = (seedId: string, year: number) =>
  queryOptions({ queryKey: [...roomKeys.all(seedId), 'holidays', year] as const, queryFn: () => listHolidays(seedId, year), staleTime: 3_600_000 });
/** The holidays of the years a range of dates touches (a week can span New Year). */
export function useHolidays(seedId: string, years: number[]) {
  const [a, b] = [Math.min(...years), Math.max(...years)];
  const first = useQuery({ ...holidaysQuery(seedId, a), enabled: a >= 2000 && a <= 2050 });
  const second = useQuery({ ...holidaysQuery(seedId, b), enabled: b !== a && b >= 2000 && b <= 2050 });
  return [...(first.data ?? []), ...(b !== a ? (second.data ?? []) : [])];
}

export function useAddClosedDay(seedId: string) {
  const invalidate = useInvalidateRooms(seedId);
  return useMutation({
    mutationFn: (body: TClosedDayInput) => api<z.infer<typeof ZClosedDayResponse>>(`/api/seeds/${seedId}/rooms/closed-days`, { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useRemoveClosedDay(seedId: string) {
  const invalidate = useInvalidateRooms(seedId);
  return useMutation({
    mutationFn: (date: string) => api<TMessageResponse>(`/api/seeds/${seedId}/rooms/closed-days/${date}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
