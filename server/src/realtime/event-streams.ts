import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CareAccessChange, CareAccessChanges } from './care-access-changes';
import { openEventStream, type EventStream } from './event-stream';
import type { SessionEndings } from './session-endings';

/** How often an open push stream checks again that its session and role still hold. */
export const accessRecheckMs = 60_000;

/**
 * A server shutting down tells its streams' browsers to come back this soon: through the
 * load balancer they reach another server and catch up on what they missed meanwhile.
 */
export const drainRetryMs = 500;

interface Hub<S> {
  subscribe(subscriber: S): Promise<() => void>;
  close(): Promise<void>;
}

/** Whose screens are open, across servers (`notifications/open-screens.ts`). */
export interface ScreenPresence {
  /** A screen of this person's opened; the function returned says it closed. */
  opened(userId: string): () => void;
}

interface Follow<S extends { caller: unknown }> {
  /**
   * Whose screen the stream is: an open one means the app is open. A session of theirs
   * ending checks again at once.
   */
  viewerId: string;
  /** The hub's subscriber for this stream. */
  subscriber(stream: EventStream): S;
  /** Who is calling now, or `null` when they may no longer follow; a failure ends it too. */
  recheck(): Promise<S['caller'] | null>;
  /** The care grant the stream follows a patient under: a change to it checks again at once. */
  careGrant: CareAccessChange | null;
}

/**
 * The push streams of one hub: each follows the hub from `ready` until its client goes
 * away, and all are ended, and the hub closed, when the server closes.
 */
export function eventStreams<S extends { caller: unknown }>(
  app: Pick<FastifyInstance, 'addHook'>,
  hub: Hub<S>,
  screens: ScreenPresence,
  careAccess: Pick<CareAccessChanges, 'watch'>,
  endedSessions: Pick<SessionEndings, 'watch'>,
) {
  const streams = new Set<EventStream>();
  // Open streams would otherwise keep the server from closing.
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end(drainRetryMs);
    await hub.close();
  });

  async function serve(request: FastifyRequest, reply: FastifyReply, follow: Follow<S>) {
    const stream = openEventStream(request, reply);
    const subscriber = follow.subscriber(stream);
    streams.add(stream);
    const closeScreen = screens.opened(follow.viewerId);
    const unsubscribe = await hub.subscribe(subscriber);
    // A stream outlives its request: a role taken away since must stop (or narrow) what it
    // delivers, within a minute; a session ended or a care grant changed, at once.
    const checkAgain = () => {
      follow.recheck().then(
        (current) => {
          if (current === null) stream.end();
          else subscriber.caller = current;
        },
        () => stream.end(),
      );
    };
    const recheck = setInterval(checkAgain, accessRecheckMs);
    const unwatch = follow.careGrant
      ? await careAccess.watch(follow.careGrant, checkAgain)
      : undefined;
    const unwatchSessions = await endedSessions.watch({ userId: follow.viewerId }, checkAgain);
    stream.onClose(() => {
      clearInterval(recheck);
      unwatch?.();
      unwatchSessions();
      closeScreen();
      unsubscribe();
      streams.delete(stream);
    });
    stream.send('ready', '{}');
  }

  return { serve };
}
