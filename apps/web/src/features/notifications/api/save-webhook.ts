import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TNotificationWebhookInput, TNotificationWebhookSaved } from '@suite/shared/schemas/notifications';
import { api } from '@/lib/api';
import { notificationKeys } from './keys';

/** PUT /api/me/notification-webhook { url }: answers with the new signing secret, shown this once. */
export const saveWebhook = (body: TNotificationWebhookInput) => api<TNotificationWebhookSaved>('/api/me/notification-webhook', { method: 'PUT', body });

export function useSaveWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveWebhook,
    onSuccess: (data) => qc.setQueryData(notificationKeys.webhook, { url: data.url }),
  });
}
