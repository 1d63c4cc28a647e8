import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationSettingsSchema, type NotificationSettings } from '@shared/notifications';
import { apiFetch } from '@/lib/api-client';
import { notificationsKeys } from './notifications-keys';

export async function getNotificationSettings(): Promise<NotificationSettings> {
  return notificationSettingsSchema.parse(await apiFetch('/api/notifications/settings'));
}

export const notificationSettingsQueryOptions = queryOptions({
  queryKey: notificationsKeys.settings,
  queryFn: getNotificationSettings,
});

/** The signed-in person's notification settings: verified number, texts, reminders, quiet hours. */
export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions);
}
