import { useInfiniteQuery } from '@tanstack/react-query';
import { notificationRecordsSchema, type NotificationRecord } from '@shared/notifications';
import { apiFetch } from '@/lib/api-client';
import { notificationsKeys } from './notifications-keys';

export async function getNotificationRecords(before?: string): Promise<NotificationRecord[]> {
  const query = before === undefined ? '' : `?${new URLSearchParams({ before }).toString()}`;
  const answer = await apiFetch(`/api/notifications/records${query}`);
  return notificationRecordsSchema.parse(answer).records;
}

/** The superadmin's record of notifications, newest first; "Older" asks before the last one. */
export function useNotificationRecords() {
  return useInfiniteQuery({
    queryKey: notificationsKeys.records,
    queryFn: ({ pageParam }) => getNotificationRecords(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.at(-1)?.dueAt,
  });
}
