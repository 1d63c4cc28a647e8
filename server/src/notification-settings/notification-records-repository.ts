import type { Kysely } from 'kysely';
import {
  notificationChannels,
  notificationKinds,
  notificationOutcomes,
  type NotificationRecord,
} from '@shared/notifications';
import type { Database } from '../db/schema';
import { displayName } from '../profiles/person-name';

/** One page of the record. */
export const notificationRecordsPage = 100;

function oneOf<T extends string>(values: readonly T[], value: string, fallback: T): T {
  return (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

/**
 * The record of notifications as the superadmin reads it: who, channel, kind and outcome,
 * newest due first. Nothing here reads what a notification said.
 */
export function notificationRecordsRepository(db: Kysely<Database>) {
  return {
    async page(before: Date | undefined): Promise<NotificationRecord[]> {
      let query = db
        .selectFrom('notifications')
        .innerJoin('user', 'user.id', 'notifications.user_id')
        .leftJoin('profiles', 'profiles.id', 'notifications.user_id')
        .select([
          'notifications.id',
          'notifications.user_id',
          'notifications.channel',
          'notifications.kind',
          'notifications.status',
          'notifications.reason',
          'notifications.attempts',
          'notifications.due_at',
          'notifications.finished_at',
          'user.email',
          'profiles.first_name',
          'profiles.last_name',
        ])
        .orderBy('notifications.due_at', 'desc')
        .orderBy('notifications.id', 'desc')
        .limit(notificationRecordsPage);
      if (before !== undefined) query = query.where('notifications.due_at', '<', before);
      const rows = await query.execute();
      return rows.map((row) => ({
        id: row.id,
        recipientId: row.user_id,
        recipientName: displayName(row.first_name, row.last_name, row.email, 'Unknown'),
        channel: oneOf(notificationChannels, row.channel, 'push'),
        kind: oneOf(notificationKinds, row.kind, 'care-team-answered'),
        outcome: oneOf(notificationOutcomes, row.status, 'pending'),
        reason: row.reason,
        attempts: row.attempts,
        dueAt: row.due_at.toISOString(),
        finishedAt: row.finished_at?.toISOString() ?? null,
      }));
    },
  };
}

export type NotificationRecordsRepository = ReturnType<typeof notificationRecordsRepository>;
