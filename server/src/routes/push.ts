import * as z from 'zod/mini';
import {
  pushPublicKeySchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from '@shared/notifications';
import { actorOf, signedInFirst, type RequireUser } from '../auth/require-user';
import { noStore } from '../http/no-store';
import type { ApiServer } from '../http/route-schemas';
import type { PushService } from '../push/push-service';

/**
 * Web push for the signed-in person's devices: the server's VAPID public key to subscribe
 * with (anyone's to read), a device's subscription (201 when new, 204 when the device had one already), and
 * forgetting one (204, whether or not it was theirs to forget).
 */
export function registerPushRoutes(
  app: ApiServer,
  deps: { push: PushService; requireUser: RequireUser },
): void {
  // The key is public by nature (every push service sees it): anyone may ask for it. Not
  // kept by caches, so a new key pair reaches every device at its next subscription.
  app.get(
    '/api/push/public-key',
    { schema: { response: { 200: pushPublicKeySchema } }, onRequest: noStore },
    async (_request, reply) => reply.send(deps.push.publicKey()),
  );

  app.post(
    '/api/push/subscriptions',
    {
      schema: {
        body: pushSubscriptionSchema,
        response: { 201: z.undefined(), 204: z.undefined() },
      },
      onRequest: [noStore, signedInFirst(deps.requireUser)],
    },
    async (request, reply) => {
      const created = await deps.push.subscribe(actorOf(request), request.body);
      return reply.status(created ? 201 : 204).send();
    },
  );

  app.delete(
    '/api/push/subscriptions',
    {
      schema: { body: pushUnsubscribeSchema, response: { 204: z.undefined() } },
      onRequest: [noStore, signedInFirst(deps.requireUser)],
    },
    async (request, reply) => {
      await deps.push.unsubscribe(actorOf(request), request.body.endpoint);
      return reply.status(204).send();
    },
  );
}
