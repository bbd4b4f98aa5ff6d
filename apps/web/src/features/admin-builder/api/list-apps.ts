import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAdminAppListResponse } from '@suite/shared/schemas/admin-builder';
import { api } from '@/lib/api';
import { adBase, adKeys } from './keys';

export const listApps = (seedId: string) => api<TAdminAppListResponse>(`${adBase(seedId)}/apps`).then((r) => r.data);
export const listAppsQuery = (seedId: string) => queryOptions({ queryKey: adKeys.apps(seedId), queryFn: () => listApps(seedId), retry: false });
export const useApps = (seedId: string) => useQuery(listAppsQuery(seedId));
