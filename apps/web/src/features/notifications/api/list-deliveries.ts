import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZDeliveriesResponse } from '@suite/shared/schemas/notifications';
import { api } from '@/lib/api';
import { notificationKeys } from './keys';

type TFilter = { status?: string | undefined; channel?: string | undefined };
export type TDelivery = z.infer<typeof ZDeliveriesResponse>['data'][number];

/** GET /api/admin/notifications/deliveries (platform admins; newest first, at most 100). */
export function listDeliveries(filter: TFilter) {
  const params = new URLSearchParams({ limit: '100' });
  if (filter.status) params.set('status', filter.status);
  if (filter.channel) params.set('channel', filter.channel);
  return api<z.infer<typeof ZDeliveriesResponse>>(`/api/admin/notifications/deliveries?${params.toString()}`).then((r) => r.data);
}
export const deliveriesQuery = (filter: TFilter) => queryOptions({ queryKey: notificationKeys.deliveries(filter), queryFn: () => listDeliveries(filter) });
export const useDeliveries = (filter: TFilter) => useQuery(deliveriesQuery(filter));
