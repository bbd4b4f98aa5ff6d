import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAdminAppDetailResponse } from '@suite/shared/schemas/admin-builder';
import { api } from '@/lib/api';
import { adBase, adKeys } from './keys';

/** One app with its tables, columns, settings and the signed-in user's rights. */
export const getApp = (seedId: string, appId: string) => api<TAdminAppDetailResponse>(`${adBase(seedId)}/apps/${appId}`).then((r) => r.data);
export const getAppQuery = (seedId: string, appId: string) =>
  queryOptions({ queryKey: adKeys.app(seedId, appId), queryFn: () => getApp(seedId, appId), retry: false });
export const useApp = (seedId: string, appId: string) => useQuery(getAppQuery(seedId, appId));
