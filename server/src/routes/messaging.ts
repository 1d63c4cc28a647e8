import {
  careTeamAnswerSchema,
  conversationListSchema,
  conversationParamsSchema,
  conversationSchema,
  conversationSearchSchema,
  messageListSchema,
  messageSchema,
  messagesQuerySchema,
  messagingEventsQuerySchema,
  sendMessageSchema,
} from '@shared/messaging';
import type { FastifyBaseLogger } from 'fastify';
import { noStore } from '../http/no-store';
import { actorOf, signedInFirst, type RequireUser } from '../auth/require-user';
import type { Actor } from '../auth/actor';
import type { KnownGrant } from '../access/patient-access';
import type { ApiServer } from '../http/route-schemas';
import type { MessagingService } from '../messaging/messaging-service';
import type { CareAccessChanges } from '../realtime/care-access-changes';
import type { SessionEndings } from '../realtime/session-endings';
import { eventStreams, type ScreenPresence } from '../realtime/event-streams';
import type { MessageHub, Subscriber } from '../realtime/message-hub';
import type { EventStream } from '../realtime/event-stream';

export interface MessagingDeps {
  service: MessagingService;
  hub: MessageHub;
  /** Whose app is open: an open stream is an open screen. */
  screens: ScreenPresence;
  /** Changed care grants: a caregiver's stream of a patient checks again at once. */
  careAccess: Pick<CareAccessChanges, 'watch'>;
  /** Ended sessions: a stream of someone whose session ended elsewhere checks again at once. */
  endedSessions: Pick<SessionEndings, 'watch'>;
  requireUser: RequireUser;
}

/** A malformed conversation id is one more conversation that does not exist. */
const unknownConversation = {
  params: { code: 'not_found', message: 'No such conversation.' },
} as const;

/**
 * A push stream's subscriber: each message is recorded for the reader before it is sent, in
 * the order they came; one that cannot be recorded is not sent, and the stream says to catch up.
 */
function pushSubscriber(
  follower: { actor: Actor; grant: KnownGrant | null },
  stream: EventStream,
  service: MessagingService,
  log: FastifyBaseLogger,
): Subscriber {
  let delivered = Promise.resolve();
  const subscriber: Subscriber = {
    caller: follower.actor,
    grant: follower.grant,
    message: (message, json, conversation) => {
      delivered = delivered
        .then(() => service.pushed(subscriber.caller, message, conversation))
        .then(
          () => stream.send('message', json),
          (error: unknown) => {
            log.warn({ err: error }, 'a pushed message could not be recorded');
            stream.send('resync', '{}');
          },
        );
    },
    gap: () => stream.send('resync', '{}'),
  };
  return subscriber;
}

export function registerMessagingRoutes(app: ApiServer, deps: MessagingDeps): void {
  const { service } = deps;
  const signedIn = signedInFirst(deps.requireUser);

  app.get(
    '/api/messaging/conversations',
    {
      schema: { querystring: conversationSearchSchema, response: { 200: conversationListSchema } },
      onRequest: [noStore, signedIn],
    },
    async (request, reply) => reply.send(await service.list(actorOf(request), request.query.q)),
  );

  app.get(
    '/api/messaging/care-team',
    { schema: { response: { 200: careTeamAnswerSchema } }, onRequest: [noStore, signedIn] },
    async (request, reply) =>
      reply.send({ conversation: await service.careTeam(actorOf(request)) }),
  );

  app.post(
    '/api/messaging/care-team',
    {
      schema: { response: { 200: careTeamAnswerSchema, 201: careTeamAnswerSchema } },
      onRequest: signedIn,
    },
    async (request, reply) => {
      const { conversation, created } = await service.startCareTeam(actorOf(request));
      return reply.status(created ? 201 : 200).send({ conversation });
    },
  );

  app.get(
    '/api/messaging/conversations/:id',
    {
      schema: { params: conversationParamsSchema, response: { 200: conversationSchema } },
      config: { inputRefusals: unknownConversation },
      onRequest: [noStore, signedIn],
    },
    async (request, reply) => reply.send(await service.read(actorOf(request), request.params.id)),
  );

  app.get(
    '/api/messaging/conversations/:id/messages',
    {
      schema: {
        params: conversationParamsSchema,
        querystring: messagesQuerySchema,
        response: { 200: messageListSchema },
      },
      config: {
        inputRefusals: {
          ...unknownConversation,
          querystring: { code: 'validation_failed', message: 'Unknown message.' },
        },
      },
      onRequest: [noStore, signedIn],
    },
    async (request, reply) =>
      reply.send(await service.messages(actorOf(request), request.params.id, request.query.after)),
  );

  app.post(
    '/api/messaging/conversations/:id/messages',
    {
      schema: {
        params: conversationParamsSchema,
        body: sendMessageSchema,
        response: { 200: messageSchema, 201: messageSchema },
      },
      config: { inputRefusals: unknownConversation },
      onRequest: signedIn,
    },
    async (request, reply) => {
      const sent = await service.send(actorOf(request), request.params.id, request.body);
      return reply.status(sent.created ? 201 : 200).send(sent.message);
    },
  );

  const streams = eventStreams(app, deps.hub, deps.screens, deps.careAccess, deps.endedSessions);

  // A caregiver follows the patient they act for by naming them in the query: a browser opens
  // an event stream without headers of its own. Checked again as the session is, so a stream
  // of someone whose grant ended closes.
  app.get(
    '/api/messaging/events',
    { schema: { querystring: messagingEventsQuerySchema } },
    async (request, reply) => {
      const follower = async () => {
        const caller = await deps.requireUser(request);
        const onBehalfOf = await deps.requireUser.actingForNamed(caller, request.query.for);
        return service.follower({ caller, address: request.ip, onBehalfOf });
      };
      const first = await follower();
      let subscriber: Subscriber | undefined;
      await streams.serve(request, reply, {
        viewerId: first.actor.caller.id,
        careGrant:
          first.actor.onBehalfOf === null
            ? null
            : { caregiverId: first.actor.caller.id, patientId: first.actor.onBehalfOf },
        subscriber: (stream) => (subscriber = pushSubscriber(first, stream, service, request.log)),
        recheck: async () => {
          const now = await follower();
          if (subscriber) subscriber.grant = now.grant;
          return now.actor;
        },
      });
    },
  );
}
