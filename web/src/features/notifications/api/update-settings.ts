import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  notificationSettingsChangeSchema,
  notificationSettingsSchema,
  type NotificationSettings,
  type NotificationSettingsChange,
} from '@shared/notifications';
import { apiFetch } from '@/lib/api-client';
import { notificationsKeys } from './notifications-keys';

/** Changes some of the settings; what is absent stays as it was. */
export async function updateNotificationSettings(
  change: NotificationSettingsChange,
): Promise<NotificationSettings> {
  const body = notificationSettingsChangeSchema.parse(change);
  const answer = await apiFetch('/api/notifications/settings', {
    method: 'PATCH',
    body: JSON.stringify(body),
  });
  return notificationSettingsSchema.parse(answer);
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (settings) => queryClient.setQueryData(notificationsKeys.settings, settings),
  });
}
