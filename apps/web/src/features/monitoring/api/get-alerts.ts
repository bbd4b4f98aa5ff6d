import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAlertsResponse } from '@suite/shared/schemas/alerts';
import { api } from '@/lib/api';
import { alertsKeys } from './alerts-keys';

/** GET /api/admin/alerts (platform admins): rules, recent incidents, seeds whose Slack can post. */
export const getAlerts = () => api<TAlertsResponse>('/api/admin/alerts');
export const alertsQuery = () => queryOptions({ queryKey: alertsKeys.alerts, queryFn: getAlerts, refetchInterval: 30_000 });
export const useAlerts = () => useQuery(alertsQuery());
