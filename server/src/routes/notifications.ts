import {
  notificationRecordsQuerySchema,
  notificationRecordsSchema,
  notificationSettingsChangeSchema,
  notificationSettingsSchema,
} from '@shared/notifications';
import { actorOf, signedInFirst, type RequireUser } from '../auth/require-user';
import { noStore } from '../http/no-store';
import type { ApiServer } from '../http/route-schemas';
import type { NotificationSettingsService } from '../notification-settings/notification-settings-service';

/**
 * The signed-in person's notification settings (Profile → Notifications), and the record of
 * notifications sent, failed or waiting, for the super administrator: who, channel, kind and
 * outcome, never the words.
 */
export function registerNotificationRoutes(
  app: ApiServer,
  deps: { notifications: NotificationSettingsService; requireUser: RequireUser },
): void {
  app.get(
    '/api/notifications/settings',
    {
      schema: { response: { 200: notificationSettingsSchema } },
      onRequest: [noStore, signedInFirst(deps.requireUser)],
    },
    async (request, reply) => reply.send(await deps.notifications.get(actorOf(request))),
  );

  app.patch(
    '/api/notifications/settings',
    {
      schema: {
        body: notificationSettingsChangeSchema,
        response: { 200: notificationSettingsSchema },
      },
      onRequest: [noStore, signedInFirst(deps.requireUser)],
    },
    async (request, reply) =>
      reply.send(await deps.notifications.update(actorOf(request), request.body)),
  );

  app.get(
    '/api/notifications/records',
    {
      schema: {
        querystring: notificationRecordsQuerySchema,
        response: { 200: notificationRecordsSchema },
      },
      onRequest: [noStore, signedInFirst(deps.requireUser)],
    },
    async (request, reply) =>
      reply.send({
        records: await deps.notifications.records(actorOf(request), request.query.before),
      }),
  );
}
