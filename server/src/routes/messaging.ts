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
import { agentOf, isStaff, type AuditTrail } from '../audit/audit-trail';
import type { Caller } from '../auth/callers';
import type { FastifyRequest } from 'fastify';

export interface MessagingDeps {
  messaging: MessagingRepository;
  hub: MessageHub;
  requireUser: RequireUser;
  trail: AuditTrail;
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
  const { messaging, hub, trail } = deps;

  /** Staff opening a conversation is recorded before they see it; a patient's own reads are not. */
  async function noteRead(
    request: FastifyRequest,
    caller: Caller,
    conversationId: string,
    detail?: Record<string, unknown>,
  ): Promise<void> {
    if (!isStaff(caller.role)) return;
    const facts = await messaging.facts(conversationId);
    await trail.note({
      type: 'conversation-read',
      agent: agentOf(caller, request.ip),
      entity: { type: 'conversation', id: conversationId, subjectId: facts?.carePatientId ?? null },
      ...(detail ? { detail } : {}),
    });
  }
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
      const caller = callerOf(request);
      const conversation = await messaging.readable(caller, request.params.id);
      if (!conversation) throw notFound();
      await noteRead(request, caller, conversation.id);
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
      const caller = callerOf(request);
      const { id } = request.params;
      if (!(await messaging.readable(caller, id))) throw notFound();
      const answer = await messaging.messages(id, request.query.after);
      // A poll that brings nothing new shows nothing: only reads that show messages count.
      if (answer.length > 0) await noteRead(request, caller, id, { messages: answer.length });
      return reply.send(answer);
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
      // The message and its audit entry are one statement: both are stored or neither is.
      const result = await messaging.send(
        {
          id: request.body.id,
          conversationId: id,
          senderId: caller.id,
          content: request.body.content,
        },
        {
          type: 'message-sent',
          agent: agentOf(caller, request.ip),
          entity: { type: 'message', id: request.body.id, subjectId: conversation.carePatientId },
          detail: { conversationId: id },
        },
      );
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
