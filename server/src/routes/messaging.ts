import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  conversationIdSchema,
  messagesQuerySchema,
  sendMessageSchema,
  type CareTeamAnswer,
} from '@shared/messaging';
import { AppError } from '../http/app-error';
import type { RequireUser } from '../auth/require-user';
import {
  mayHaveCareTeamConversation,
  mayWrite,
  type Reader,
} from '../messaging/conversation-access';
import type { MessagingRepository } from '../messaging/messaging-repository';
import { openEventStream, type EventStream } from '../realtime/event-stream';
import type { MessageHub } from '../realtime/message-hub';

/** How often an open push stream checks again that its session and role still hold. */
export const accessRecheckMs = 60_000;

export interface MessagingDeps {
  messaging: MessagingRepository;
  hub: MessageHub;
  requireUser: RequireUser;
}

/** Missing and forbidden answer alike, so a refusal tells nothing about what exists. */
function notFound(): AppError {
  return new AppError('not_found', 'No such conversation.');
}

function conversationId(request: FastifyRequest): string {
  const parsed = conversationIdSchema.safeParse((request.params as { id?: unknown }).id);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

export function registerMessagingRoutes(app: FastifyInstance, deps: MessagingDeps): void {
  const { messaging, hub } = deps;

  async function reader(request: FastifyRequest): Promise<Reader> {
    const { id, role } = await deps.requireUser(request);
    return { id, role };
  }

  app.get('/api/messaging/conversations', async (request, reply) => {
    const me = await reader(request);
    const { q } = request.query as { q?: unknown };
    const search = typeof q === 'string' ? q.slice(0, 200) : undefined;
    return reply.header('Cache-Control', 'no-store').send(await messaging.list(me, search));
  });

  app.get('/api/messaging/care-team', async (request, reply) => {
    const me = await reader(request);
    const body: CareTeamAnswer = {
      conversation: mayHaveCareTeamConversation(me) ? await messaging.careTeamOf(me) : null,
    };
    return reply.header('Cache-Control', 'no-store').send(body);
  });

  app.post('/api/messaging/care-team', async (request, reply) => {
    const me = await reader(request);
    if (!mayHaveCareTeamConversation(me)) {
      throw new AppError('forbidden', 'Only patients have a care-team conversation.');
    }
    const { conversation, created } = await messaging.ensureCareTeam(me);
    const body: CareTeamAnswer = { conversation };
    return reply.status(created ? 201 : 200).send(body);
  });

  app.get('/api/messaging/conversations/:id', async (request, reply) => {
    const me = await reader(request);
    const conversation = await messaging.readable(me, conversationId(request));
    if (!conversation) throw notFound();
    return reply.header('Cache-Control', 'no-store').send(conversation);
  });

  app.get('/api/messaging/conversations/:id/messages', async (request, reply) => {
    const me = await reader(request);
    const id = conversationId(request);
    const query = messagesQuerySchema.safeParse(request.query);
    if (!query.success) throw new AppError('validation_failed', 'Unknown message.');
    if (!(await messaging.readable(me, id))) throw notFound();
    const messages = await messaging.messages(id, query.data.after);
    return reply.header('Cache-Control', 'no-store').send(messages);
  });

  app.post('/api/messaging/conversations/:id/messages', async (request, reply) => {
    const me = await reader(request);
    const id = conversationId(request);
    const conversation = await messaging.facts(id);
    if (!conversation || !mayWrite(me, conversation)) throw notFound();
    const body = sendMessageSchema.safeParse(request.body);
    if (!body.success) {
      throw new AppError('validation_failed', body.error.issues[0]?.message ?? 'Invalid message.');
    }
    const result = await messaging.send({
      id: body.data.id,
      conversationId: id,
      senderId: me.id,
      content: body.data.content,
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
  });

  const streams = new Set<EventStream>();
  // Open streams would otherwise keep the server from closing.
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end();
    await hub.close();
  });

  app.get('/api/messaging/events', async (request, reply) => {
    const subscriber = {
      reader: await reader(request),
      message: (_message: unknown, json: string) => stream.send('message', json),
      gap: () => stream.send('resync', '{}'),
    };
    const stream = openEventStream(request, reply);
    streams.add(stream);
    const unsubscribe = await hub.subscribe(subscriber);
    // A stream outlives its request: a session signed out or a role taken away since must
    // stop (or narrow) what it delivers, within a minute.
    const recheck = setInterval(() => {
      reader(request).then(
        (current) => {
          subscriber.reader = current;
        },
        () => stream.end(),
      );
    }, accessRecheckMs);
    stream.onClose(() => {
      clearInterval(recheck);
      unsubscribe();
      streams.delete(stream);
    });
    stream.send('ready', '{}');
  });
}
