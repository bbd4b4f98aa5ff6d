import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZNotificationWebhookRemoved } from '@suite/shared/schemas/notifications';
import { api } from '@/lib/api';
import { notificationKeys } from './keys';

/** DELETE /api/me/notification-webhook. */
export const removeWebhook = () => api<z.infer<typeof ZNotificationWebhookRemoved>>('/api/me/notification-webhook', { method: 'DELETE' });

export function useRemoveWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: removeWebhook,
    onSuccess: () => qc.setQueryData(notificationKeys.webhook, { url: null }),
  });
}
