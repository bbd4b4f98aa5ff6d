import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TNotificationPreferences, TNotificationPreferencesInput } from '@suite/shared/schemas/notifications';
import { api } from '@/lib/api';
import { preferencesPath } from './get-preferences';
import { notificationKeys } from './keys';

/** PUT /api/me/notification-preferences[?seedId=] (any part; security events' console and mail cannot be turned off). */
export const savePreferences = (seedId: string | null, body: TNotificationPreferencesInput) =>
  api<TNotificationPreferences>(preferencesPath(seedId), { method: 'PUT', body });

export function useSavePreferences(seedId: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TNotificationPreferencesInput) => savePreferences(seedId, body),
    onSuccess: (data) => qc.setQueryData(notificationKeys.preferences(seedId), data),
  });
}
