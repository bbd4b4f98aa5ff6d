import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TNotificationWebhook } from '@suite/shared/schemas/notifications';
import { api } from '@/lib/api';
import { notificationKeys } from './keys';

/** GET /api/me/notification-webhook: the address, never the secret. */
export const getWebhook = () => api<TNotificationWebhook>('/api/me/notification-webhook');
export const webhookQuery = () => queryOptions({ queryKey: notificationKeys.webhook, queryFn: getWebhook });
export const useWebhook = () => useQuery(webhookQuery());
