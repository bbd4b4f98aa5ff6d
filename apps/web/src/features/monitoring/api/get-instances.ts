import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TInstancesResponse } from '@suite/shared/schemas/monitoring';
import { api } from '@/lib/api';
import { healthKeys } from './health-keys';

/** GET /api/admin/monitoring/instances (platform admins): instances, readiness, outside services. */
export const getInstances = () => api<TInstancesResponse>('/api/admin/monitoring/instances');
export const instancesQuery = () => queryOptions({ queryKey: healthKeys.instances, queryFn: getInstances, refetchInterval: 15_000 });
export const useInstances = () => useQuery(instancesQuery());
