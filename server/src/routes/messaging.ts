import {
  careTeamAnswerSchema,
  conversationListSchema,
  conversationParamsSchema,
  conversationSchema,
  conversationSearchSchema,
  messageListSchema,
  messageSchema,
  messagesQuerySchema,
  sendMessageSchema,
} from '@shared/messaging';
import { AppError } from '../http/app-error';
import { noStore } from '../http/no-store';
import { callerOf, signedInFirst, type RequireUser } from '../auth/require-user';
import type { ApiServer } from '../http/route-schemas';
import { mayHaveCareTeamConversation, mayWrite } from '../messaging/conversation-access';
import type { MessagingRepository } from '../messaging/messaging-repository';
import { eventStreams } from '../realtime/event-streams';
import type { MessageHub } from '../realtime/message-hub';

export interface MessagingDeps {
  messaging: MessagingRepository;
  hub: MessageHub;
  requireUser: RequireUser;
}

/** Missing and forbidden answer alike, so a refusal tells nothing about what exists. */
function notFound(): AppError {
  return new AppError('not_found', 'No such conversation.');
}

/** A malformed conversation id is one more conversation that does not exist. */
const unknownConversation = {
  params: { code: 'not_found', message: 'No such conversation.' },
} as const;

export function registerMessagingRoutes(app: ApiServer, deps: MessagingDeps): void {
  const { messaging, hub } = deps;
  const signedIn = signedInFirst(deps.requireUser);

  app.get(
    '/api/messaging/conversations',
    {
      schema: { querystring: conversationSearchSchema, response: { 200: conversationListSchema } },
      onRequest: [noStore, signedIn],
    },
    async (request, reply) => {
      return reply.send(await messaging.list(callerOf(request), request.query.q));
    },
  );

  app.get(
    '/api/messaging/care-team',
    { schema: { response: { 200: careTeamAnswerSchema } }, onRequest: noStore },
    async (request, reply) => {
      const caller = await deps.requireUser(request);
      const conversation = mayHaveCareTeamConversation(caller)
        ? await messaging.careTeamOf(caller)
        : null;
      return reply.send({ conversation });
    },
  );

  app.post(
    '/api/messaging/care-team',
    { schema: { response: { 200: careTeamAnswerSchema, 201: careTeamAnswerSchema } } },
    async (request, reply) => {
      const caller = await deps.requireUser(request);
      if (!mayHaveCareTeamConversation(caller)) {
        throw new AppError('forbidden', 'Only patients have a care-team conversation.');
      }
      const { conversation, created } = await messaging.ensureCareTeam(caller);
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
    async (request, reply) => {
      const conversation = await messaging.readable(callerOf(request), request.params.id);
      if (!conversation) throw notFound();
      return reply.send(conversation);
    },
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
    async (request, reply) => {
      const { id } = request.params;
      if (!(await messaging.readable(callerOf(request), id))) throw notFound();
      return reply.send(await messaging.messages(id, request.query.after));
    },
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
      const caller = callerOf(request);
      const { id } = request.params;
      const conversation = await messaging.facts(id);
      if (!conversation || !mayWrite(caller, conversation)) throw notFound();
      const result = await messaging.send({
        id: request.body.id,
        conversationId: id,
        senderId: caller.id,
        content: request.body.content,
      });
      if ('conflict' in result) {
        throw new AppError('conflict', 'This message id belongs to another message.');
      }
      if (result.created) {
        // Stored is what counts: without the announcement readers still get it by polling.
        await hub.announce(result.message, conversation).catch((error: unknown) => {
          request.log.warn({ err: error }, 'message announcement failed');
        });
      }
      return reply.status(result.created ? 201 : 200).send(result.message);
    },
  );

  const streams = eventStreams(app, hub);

  app.get('/api/messaging/events', async (request, reply) => {
    const caller = await deps.requireUser(request);
    await streams.serve(request, reply, {
      subscriber: (stream) => ({
        caller,
        message: (_message, json) => stream.send('message', json),
        gap: () => stream.send('resync', '{}'),
      }),
      recheck: () => deps.requireUser(request),
    });
  });
}
