import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TBookingStats } from '@suite/shared/schemas/rooms';
import { api } from '@/lib/api';
import { roomKeys } from './keys';

export const getBookingStats = (seedId: string, from: string, to: string) =>
  api<TBookingStats>(`/api/seeds/${seedId}/bookings/stats?${new URLSearchParams({ from, to })}`);
export const bookingStatsQuery = (seedId: string, from: string, to: string) =>
  queryOptions({ queryKey: roomKeys.stats(seedId, from, to), queryFn: () => getBookingStats(seedId, from, to) });
export const useBookingStats = (seedId: string | undefined, from: string, to: string) =>
  useQuery({ ...bookingStatsQuery(seedId ?? '', from, to), enabled: Boolean(seedId) });
