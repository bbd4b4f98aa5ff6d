import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDatabaseResponse } from '@suite/shared/schemas/monitoring';
import { api } from '@/lib/api';
import { healthKeys } from './health-keys';

/** GET /api/admin/database (platform admins; read only). */
export const getDatabase = () => api<TDatabaseResponse>('/api/admin/database');
export const databaseQuery = () => queryOptions({ queryKey: healthKeys.database, queryFn: getDatabase });
/** `enabled`: only a platform admin's page asks (anyone else would get 403). */
export const useDatabase = (enabled: boolean) => useQuery({ ...databaseQuery(), enabled });
