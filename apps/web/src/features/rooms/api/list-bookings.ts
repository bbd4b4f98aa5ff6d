import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZBookingListResponse } from '@suite/shared/schemas/rooms';
import { api } from '@/lib/api';
import { roomKeys } from './keys';

type TResponse = z.infer<typeof ZBookingListResponse>;

export const listBookings = (seedId: string, from: string, to: string, mine = false) =>
  api<TResponse>(`/api/seeds/${seedId}/bookings?${new URLSearchParams({ from, to, ...(mine ? { mine: 'true' } : {}) })}`).then((r) => r.data);
export const listBookingsQuery = (seedId: string, from: string, to: string, mine = false) =>
  queryOptions({ queryKey: roomKeys.bookings(seedId, from, to, mine), queryFn: () => listBookings(seedId, from, to, mine) });
export const useBookings = (seedId: string | undefined, from: string, to: string, mine = false) =>
  useQuery({ ...listBookingsQuery(seedId ?? '', from, to, mine), enabled: Boolean(seedId) });
