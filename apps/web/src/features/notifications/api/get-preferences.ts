import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TNotificationPreferences } from '@suite/shared/schemas/notifications';
import { api } from '@/lib/api';
import { notificationKeys } from './keys';

const path = (seedId: string | null) => `/api/me/notification-preferences${seedId ? `?seedId=${encodeURIComponent(seedId)}` : ''}`;

/** GET /api/me/notification-preferences[?seedId=]: every event × channel, quiet hours, digest. */
export const getPreferences = (seedId: string | null) => api<TNotificationPreferences>(path(seedId));
export const preferencesQuery = (seedId: string | null) =>
  queryOptions({ queryKey: notificationKeys.preferences(seedId), queryFn: () => getPreferences(seedId) });
export const usePreferences = (seedId: string | null) => useQuery(preferencesQuery(seedId));
export { path as preferencesPath };
