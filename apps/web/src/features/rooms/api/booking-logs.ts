import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZRoomLogResponse } from '@suite/shared/schemas/rooms';
import { api } from '@/lib/api';
import { roomKeys } from './keys';

type TResponse = z.infer<typeof ZRoomLogResponse>;

export const listBookingLogs = (seedId: string, before: number | undefined) =>
  api<TResponse>(`/api/seeds/${seedId}/booking-logs?${new URLSearchParams(before ? { before: String(before) } : {})}`);
export const bookingLogsQuery = (seedId: string, before: number | undefined) =>
  queryOptions({ queryKey: roomKeys.logs(seedId, before), queryFn: () => listBookingLogs(seedId, before) });
export const useBookingLogs = (seedId: string | undefined, before: number | undefined) =>
  useQuery({ ...bookingLogsQuery(seedId ?? '', before), enabled: Boolean(seedId) });
