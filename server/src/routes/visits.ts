import {
  currentVisitSchema,
  isOpen,
  joinAnswerSchema,
  joinWaitingRoomSchema,
  queueSchema,
  saveSummarySchema,
  signalAcceptedSchema,
  signalEventListSchema,
  signalSchema,
  signalsQuerySchema,
  visitHistorySchema,
  visitParamsSchema,
  visitSchema,
  type Visit,
} from '@shared/visits';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../http/app-error';
import { noStore } from '../http/no-store';
import { callerOf, signedInFirst, type RequireUser } from '../auth/require-user';
import type { Caller } from '../auth/callers';
import type { ApiServer } from '../http/route-schemas';
import { startHousekeeping } from '../maintenance/housekeeping';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import { rateLimited } from '../rate-limit/refusal';
import { eventStreams } from '../realtime/event-streams';
import type { VisitAnnouncement, VisitHub } from '../realtime/visit-hub';
import {
  isDoctorOf,
  isPatientOf,
  mayCancel,
  mayEnd,
  mayFollowVisits,
  mayJoinWaitingRoom,
  mayRead,
  maySeeQueue,
  mayStart,
  mayTakePart,
  mayWriteSummary,
} from '../visits/visit-access';
import { iceServersFor, type TurnSettings } from '../visits/turn-credentials';
import type { VisitChange, VisitFacts, VisitsRepository } from '../visits/visits-repository';
import { agentOf, isStaff, type AuditTrail } from '../audit/audit-trail';
import type { AuditAgent } from '../audit/audit-repository';

/** How often each process applies the clock's rules (no-shows, calls left for good). */
export const sweepIntervalMs = 30_000;

/** The most signals one person sends in one visit per minute: a call's negotiation and more. */
export const signalLimit = { max: 600, windowSeconds: 60 };

/** A signal is an SDP description at most; anything larger is refused by its size. */
export const maxSignalBytes = 64 * 1024;

export interface VisitsDeps {
  visits: VisitsRepository;
  hub: VisitHub;
  requireUser: RequireUser;
  limiter: RateLimiter;
  turn: TurnSettings | undefined;
  trail: AuditTrail;
}

/** The clock's own changes (a no-show, a call left for good) are made by nobody. */
const byTheClock: AuditAgent = { id: null, role: null, address: null };

function visitChanged(change: VisitChange, agent: AuditAgent) {
  return {
    type: 'visit-changed' as const,
    agent,
    entity: { type: 'visit' as const, id: change.id, subjectId: change.patientId },
    detail: { from: change.from, to: change.status },
  };
}

/** Missing and forbidden answer alike, so a refusal tells nothing about what exists. */
function notFound(): AppError {
  return new AppError('not_found', 'No such visit.');
}

const closed = () => new AppError('visit_closed', 'This visit has ended.');
const notStarted = () =>
  new AppError('visit_not_ready', 'Your doctor has not started this visit yet.');
const taken = () => new AppError('visit_taken', 'Another doctor has already started this visit.');
const endedByDoctor = () => new AppError('conflict', 'A visit under way is ended by the doctor.');

/** Why a visit could not be moved on, from where it is now: over, or `stillOpen`. */
function refusalAt(now: VisitFacts | null, stillOpen: () => AppError): AppError {
  return now && isOpen(now.status) ? stillOpen() : closed();
}

/** A call's steps need a visit that has started and is not over. */
function requireCallUnderWay(facts: VisitFacts): void {
  if (facts.status === 'queued') throw notStarted();
  if (!isOpen(facts.status)) throw closed();
}

/** A malformed visit id is one more visit that does not exist. */
const unknownVisit = { params: { code: 'not_found', message: 'No such visit.' } } as const;

export function registerVisitRoutes(app: ApiServer, deps: VisitsDeps): void {
  const { visits, hub, trail } = deps;
  const signedIn = signedInFirst(deps.requireUser);

  /** A status change made by `caller` and its audit entry, in one transaction. */
  function moved(
    request: { ip: string },
    caller: Caller,
    move: () => Promise<VisitChange | null>,
  ): Promise<VisitChange | null> {
    return trail.change(move, (change) =>
      change ? visitChanged(change, agentOf(caller, request.ip)) : null,
    );
  }

  async function announce(request: { log: FastifyBaseLogger }, list: VisitAnnouncement[]) {
    // Stored is what counts: without an announcement, clients still catch up on their next read.
    await Promise.all(
      list.map((announcement) =>
        hub.announce(announcement).catch((error: unknown) => {
          request.log.warn({ err: error }, 'visit announcement failed');
        }),
      ),
    );
  }

  function changed(change: VisitChange): VisitAnnouncement[] {
    const list: VisitAnnouncement[] = [
      {
        kind: 'visit',
        id: change.id,
        status: change.status,
        patientId: change.patientId,
        doctorId: change.doctorId,
      },
    ];
    if (change.from === 'queued') list.push({ kind: 'queue', id: change.id, change: 'removed' });
    return list;
  }

  /** The clock's rules, applied before a route reads or changes visits, and announced. */
  async function sweep(log: FastifyBaseLogger) {
    const changes = await trail.change(
      () => visits.sweep(),
      (list) => list.map((change) => visitChanged(change, byTheClock)),
    );
    if (changes.length > 0) await announce({ log }, changes.flatMap(changed));
  }

  const sweeper = startHousekeeping(
    [{ name: 'visit sweep', run: () => sweep(app.log) }],
    app.log,
    sweepIntervalMs,
  );
  app.addHook('onClose', () => sweeper.stop());

  /** The visit when the access rule `may` lets the caller at it; a refusal is a missing visit. */
  async function factsFor(
    caller: Caller,
    id: string,
    may: (caller: Caller, facts: VisitFacts) => boolean,
  ): Promise<VisitFacts> {
    const facts = await visits.facts(id);
    if (!facts || !may(caller, facts)) throw notFound();
    return facts;
  }

  /** Announces a change that was made; `null` (nothing moved) passes through. */
  async function announced(
    request: { log: FastifyBaseLogger },
    change: VisitChange | null,
  ): Promise<VisitChange | null> {
    if (change) await announce(request, changed(change));
    return change;
  }

  async function visitOrMissing(id: string): Promise<Visit> {
    const visit = await visits.visit(id);
    if (!visit) throw notFound();
    return visit;
  }

  /** A visit's private page or step, answered with the visit. */
  const visitAnswer = {
    schema: { params: visitParamsSchema, response: { 200: visitSchema } },
    config: { inputRefusals: unknownVisit },
    onRequest: [noStore, signedIn],
  };

  const sideOf = (caller: Caller, facts: VisitFacts) =>
    isPatientOf(caller, facts) ? ('patient' as const) : ('doctor' as const);

  app.post(
    '/api/visits',
    {
      schema: {
        body: joinWaitingRoomSchema,
        response: { 200: visitSchema, 201: visitSchema },
      },
      onRequest: signedIn,
    },
    async (request, reply) => {
      const caller = callerOf(request);
      if (!mayJoinWaitingRoom(caller)) {
        throw new AppError('forbidden', 'Only patients join the waiting room.');
      }
      await sweep(request.log);
      const { visit, created } = await trail.change(
        () => visits.joinWaitingRoom(caller.id, request.body),
        (joined) =>
          joined.created
            ? {
                type: 'visit-changed',
                agent: agentOf(caller, request.ip),
                entity: { type: 'visit', id: joined.visit.id, subjectId: caller.id },
                detail: { from: null, to: joined.visit.status },
              }
            : null,
      );
      if (created) await announce(request, [{ kind: 'queue', id: visit.id, change: 'added' }]);
      return reply.status(created ? 201 : 200).send(visit);
    },
  );

  app.get(
    '/api/visits/current',
    { schema: { response: { 200: currentVisitSchema } }, onRequest: [noStore, signedIn] },
    async (request, reply) => {
      const caller = callerOf(request);
      if (!mayJoinWaitingRoom(caller)) {
        throw new AppError('forbidden', 'Only patients have visits of their own.');
      }
      await sweep(request.log);
      return reply.send({ visit: await visits.openVisitOf(caller.id) });
    },
  );

  app.get(
    '/api/visits/history',
    { schema: { response: { 200: visitHistorySchema } }, onRequest: [noStore, signedIn] },
    async (request, reply) => {
      const caller = callerOf(request);
      if (!mayJoinWaitingRoom(caller)) {
        throw new AppError('forbidden', 'Only patients have visits of their own.');
      }
      await sweep(request.log);
      return reply.send(await visits.history(caller.id));
    },
  );

  app.get(
    '/api/visits/queue',
    { schema: { response: { 200: queueSchema } }, onRequest: [noStore, signedIn] },
    async (request, reply) => {
      const caller = callerOf(request);
      if (!maySeeQueue(caller)) throw new AppError('forbidden', 'Only doctors see the queue.');
      await sweep(request.log);
      return reply.send(await visits.queue());
    },
  );

  app.get('/api/visits/:id', visitAnswer, async (request, reply) => {
    const caller = callerOf(request);
    await sweep(request.log);
    const facts = await factsFor(caller, request.params.id, mayRead);
    if (isStaff(caller.role)) {
      await trail.note({
        type: 'visit-read',
        agent: agentOf(caller, request.ip),
        entity: { type: 'visit', id: facts.id, subjectId: facts.patientId },
      });
    }
    return reply.send(await visitOrMissing(request.params.id));
  });

  app.post('/api/visits/:id/start', visitAnswer, async (request, reply) => {
    const caller = callerOf(request);
    const { id } = request.params;
    if (!mayStart(caller)) throw new AppError('forbidden', 'Only doctors start visits.');
    await sweep(request.log);
    const facts = await visits.facts(id);
    if (!facts) throw notFound();
    if (facts.status === 'queued') {
      const change = await announced(
        request,
        await moved(request, caller, () => visits.start(id, caller.id)),
      );
      if (change) return reply.send(await visitOrMissing(id));
    }
    // Someone else moved it first, or it was never queued.
    throw refusalAt(facts.status === 'queued' ? await visits.facts(id) : facts, taken);
  });

  app.post(
    '/api/visits/:id/join',
    {
      schema: { params: visitParamsSchema, response: { 200: joinAnswerSchema } },
      config: { inputRefusals: unknownVisit },
      onRequest: [noStore, signedIn],
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { id } = request.params;
      await sweep(request.log);
      const facts = await factsFor(caller, id, mayTakePart);
      requireCallUnderWay(facts);
      const present = await visits.markPresent(id, sideOf(caller, facts));
      if (!present) throw closed();
      if (present.status === 'waiting' && present.bothJoined) {
        await announced(
          request,
          await moved(request, caller, () =>
            visits.move(id, 'waiting', 'in_progress', caller.id, { in_progress_at: 'now' }),
          ),
        );
      }
      const [visit, signalCursor] = await Promise.all([
        visitOrMissing(id),
        visits.signalCursor(id),
      ]);
      return reply.send({ visit, iceServers: iceServersFor(deps.turn, id), signalCursor });
    },
  );

  app.post('/api/visits/:id/leave', visitAnswer, async (request, reply) => {
    const caller = callerOf(request);
    const { id } = request.params;
    await sweep(request.log);
    const facts = await factsFor(caller, id, mayTakePart);
    await visits.markLeft(id, sideOf(caller, facts));
    return reply.send(await visitOrMissing(id));
  });

  app.post('/api/visits/:id/cancel', visitAnswer, async (request, reply) => {
    const caller = callerOf(request);
    const { id } = request.params;
    await sweep(request.log);
    const facts = await factsFor(caller, id, mayRead);
    if (!isOpen(facts.status)) throw closed();
    if (!mayCancel(caller, facts)) throw endedByDoctor();
    const change = await announced(
      request,
      await moved(request, caller, () =>
        visits.move(id, facts.status, 'cancelled', caller.id, { ended_at: 'now' }),
      ),
    );
    // It moved meanwhile: answer for where it is now.
    if (!change) throw refusalAt(await visits.facts(id), endedByDoctor);
    return reply.send(await visitOrMissing(id));
  });

  app.post('/api/visits/:id/end', visitAnswer, async (request, reply) => {
    const caller = callerOf(request);
    const { id } = request.params;
    await sweep(request.log);
    const facts = await factsFor(caller, id, mayRead);
    // The patient takes part, so may know the visit exists: they hear why, not "missing".
    if (!mayEnd(caller, facts)) {
      throw new AppError('forbidden', 'Only the doctor can end the visit.');
    }
    if (facts.status !== 'in_progress' && facts.status !== 'waiting') throw closed();
    const finish = () =>
      moved(request, caller, () =>
        visits.move(id, 'in_progress', 'finished', caller.id, { ended_at: 'now' }),
      );
    const change =
      facts.status === 'in_progress'
        ? await finish()
        : await moved(request, caller, () =>
            visits.move(id, 'waiting', 'cancelled', caller.id, { ended_at: 'now' }),
          );
    // Both came in meanwhile (waiting → in progress): end it from there.
    if (!(await announced(request, change ?? (await finish())))) throw closed();
    return reply.send(await visitOrMissing(id));
  });

  app.put(
    '/api/visits/:id/summary',
    {
      schema: {
        params: visitParamsSchema,
        body: saveSummarySchema,
        response: { 200: visitSchema },
      },
      config: { inputRefusals: unknownVisit },
      onRequest: signedIn,
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { id } = request.params;
      await sweep(request.log);
      const facts = await factsFor(caller, id, mayRead);
      if (!mayWriteSummary(caller, facts)) {
        throw new AppError('forbidden', 'Only the doctor writes the summary.');
      }
      const saved = await trail.change(
        () => visits.saveSummary(id, request.body.summary),
        (written) =>
          written
            ? {
                type: 'visit-changed',
                agent: agentOf(caller, request.ip),
                entity: { type: 'visit', id, subjectId: facts.patientId },
                detail: { summary: 'written' },
              }
            : null,
      );
      if (!saved) {
        throw new AppError('visit_not_ready', 'The summary is written after the visit ends.');
      }
      return reply.send(await visitOrMissing(id));
    },
  );

  app.post(
    '/api/visits/:id/signals',
    {
      schema: {
        params: visitParamsSchema,
        body: signalSchema,
        response: { 202: signalAcceptedSchema },
      },
      config: { inputRefusals: unknownVisit },
      bodyLimit: maxSignalBytes,
      onRequest: signedIn,
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { id } = request.params;
      // No sweep here: a call sends signals by the dozen, and its participants' joins and
      // reads already apply the clock's rules.
      const facts = await factsFor(caller, id, mayTakePart);
      requireCallUnderWay(facts);
      const decision = await deps.limiter.hit(`visit-signal:${id}:${caller.id}`, signalLimit);
      if (!decision.allowed) throw rateLimited(decision);
      const toUserId = isDoctorOf(caller, facts) ? facts.patientId : facts.doctorId;
      if (toUserId === null) throw notStarted();
      const signalId = await visits.storeSignal({
        visitId: id,
        fromUserId: caller.id,
        toUserId,
        signal: request.body,
      });
      await announce(request, [{ kind: 'signal', id: signalId, visitId: id, toUserId }]);
      return reply.status(202).send({ id: signalId });
    },
  );

  app.get(
    '/api/visits/:id/signals',
    {
      schema: {
        params: visitParamsSchema,
        querystring: signalsQuerySchema,
        response: { 200: signalEventListSchema },
      },
      config: {
        inputRefusals: {
          ...unknownVisit,
          querystring: { code: 'validation_failed', message: 'Unknown signal.' },
        },
      },
      onRequest: [noStore, signedIn],
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { id } = request.params;
      await factsFor(caller, id, mayTakePart);
      return reply.send(await visits.signalsFor(id, caller.id, request.query.after));
    },
  );

  const streams = eventStreams(app, hub);

  app.get('/api/visits/events', { onRequest: noStore }, async (request, reply) => {
    const caller = await deps.requireUser(request);
    if (!mayFollowVisits(caller)) {
      throw new AppError('forbidden', 'Only patients and doctors follow visits.');
    }
    await streams.serve(request, reply, {
      subscriber: (stream) => ({
        caller,
        event: (name, json) => stream.send(name, json),
        gap: () => stream.send('resync', '{}'),
      }),
      recheck: async () => {
        const current = await deps.requireUser(request);
        return mayFollowVisits(current) ? current : null;
      },
    });
  });
}
