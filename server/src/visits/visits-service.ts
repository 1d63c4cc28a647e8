import {
  isOpen,
  visitSignalLimits,
  type JoinAnswer,
  type JoinWaitingRoom,
  type Queue,
  type Signal,
  type SignalEvent,
  type Visit,
} from '@shared/visits';
import { actsOnSomeoneElse, type PatientAccess } from '../access/patient-access';
import type { Actor } from '../auth/actor';
import { agentOf, type AuditTrail } from '../audit/audit-trail';
import type { AuditAgent, AuditRecord } from '../audit/audit-repository';
import { AppError } from '../http/app-error';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import { rateLimited } from '../rate-limit/refusal';
import type { VisitAnnouncement, VisitHub } from '../realtime/visit-hub';
import { appointmentChanged, dayChanged } from '../appointments/appointment-entries';
import { clinicHoursAt } from '../appointments/clinic-hours';
import { clinicToday } from '@shared/clinic-time';
import type {
  AppointmentChange,
  AppointmentsRepository,
} from '../appointments/appointments-repository';
import type { Notifier } from '../notifications/notifier';
import type { VitalsRepository } from '../record/vitals-repository';
import { iceServersFor, type TurnSettings } from './turn-credentials';
import {
  isDoctorOf,
  isPatientOf,
  mayCancel,
  mayEnd,
  mayFollowVisits,
  mayJoinWaitingRoom,
  maySeeQueue,
  mayStart,
  mayTakePart,
  mayWriteSummary,
  type Party,
} from './visit-access';
import {
  clockRules,
  type VisitChange,
  type VisitFacts,
  type VisitsRepository,
} from './visits-repository';

/**
 * How long a visit taken from the queue is still told as taken to another doctor pressing
 * Start: every doctor saw it in the shared queue moments ago, so saying so tells them nothing
 * new. Past this, a visit that is not queued is missing to a doctor who may not read it.
 */
export const justTakenMs = 2 * 60_000;

/** How often each process applies the clock's rules (no-shows, calls left for good). */
export const clockIntervalMs = 30_000;

/** Where an announcement that could not be made is reported; stored is what counts. */
interface Log {
  warn(detail: object, message: string): void;
}

export interface VisitsServiceDeps {
  visits: VisitsRepository;
  /** A visit opened by checking in moves its appointment with it. */
  appointments: AppointmentsRepository;
  /** The queue shows the flags of each patient's last reading, where the doctor may read it. */
  vitals: Pick<VitalsRepository, 'lastReadingFlags'>;
  access: PatientAccess;
  hub: VisitHub;
  limiter: RateLimiter;
  trail: AuditTrail;
  turn: TurnSettings | undefined;
  /** Tells a patient their doctor is in, and doctors that a patient joined the queue. */
  notifier: Notifier;
  log: Log;
}

/** The clock's own changes (a no-show, a call left for good) are made by nobody. */
const byTheClock: AuditAgent = { id: null, role: null, address: null };

/** Missing and forbidden answer alike, so a refusal tells nothing about what exists. */
const notFound = () => new AppError('not_found', 'No such visit.');
const closed = () => new AppError('visit_closed', 'This visit has ended.');
const notStarted = () =>
  new AppError('visit_not_ready', 'Your doctor has not started this visit yet.');
const taken = () => new AppError('visit_taken', 'Another doctor has already started this visit.');
const endedByDoctor = () => new AppError('conflict', 'A visit under way is ended by the doctor.');
const onlyPatients = (what: string) => new AppError('forbidden', what);
const signalsFull = () =>
  new AppError('payload_too_large', 'This visit has stored as many call signals as it may.');

/** The one shape of a visit's change in the trail: what changed goes in `detail`. */
function visitChanged(
  agent: AuditAgent,
  visit: { id: string; patientId: string },
  detail: Record<string, unknown>,
): AuditRecord {
  return {
    type: 'visit-changed',
    agent,
    entity: { type: 'visit', id: visit.id, subjectId: visit.patientId },
    detail,
  };
}

const statusChanged = (change: VisitChange, agent: AuditAgent) =>
  visitChanged(agent, change, { from: change.from, to: change.status });

/** What a change tells the participants, and the doctors when the queue changed. */
function announcementsOf(change: VisitChange): VisitAnnouncement[] {
  const list: VisitAnnouncement[] = [
    {
      kind: 'visit',
      id: change.id,
      status: change.status,
      patientId: change.patientId,
      doctorId: change.doctorId,
    },
  ];
  if (change.from === 'queued') {
    list.push({
      kind: 'queue',
      id: change.id,
      change: 'removed',
      doctorId: change.appointmentDoctorId ?? null,
    });
  }
  return list;
}

/** Why a visit could not be moved on, from where it is now: over, or `stillOpen`. */
function refusalAt(now: VisitFacts | null, stillOpen: () => AppError): AppError {
  return now && isOpen(now.status) ? stillOpen() : closed();
}

/** A call's steps need a visit that has started and is not over. */
function requireCallUnderWay(facts: VisitFacts): void {
  if (facts.status === 'queued') throw notStarted();
  if (!isOpen(facts.status)) throw closed();
}

/**
 * Virtual visits, from the waiting room to the summary: each operation decides who may act
 * (`access` for the patient's record, `visit-access` for a visit's own parties and roles),
 * makes its change and the change's audit entry in one unit of work, records every read of
 * someone else's visit, and announces what changed once it is stored.
 */
export function visitsService(deps: VisitsServiceDeps) {
  const { visits, trail, hub } = deps;

  async function announce(list: readonly VisitAnnouncement[]): Promise<void> {
    // Stored is what counts: without an announcement, clients catch up on their next read.
    await Promise.all(
      list.map((announcement) =>
        hub.announce(announcement).catch((error: unknown) => {
          deps.log.warn({ err: error }, 'visit announcement failed');
        }),
      ),
    );
  }

  /** The visits' moves with the moves of their appointments, which follow them. */
  interface Moves {
    visits: VisitChange[];
    appointments: AppointmentChange[];
  }

  /**
   * Moves the appointments of the visits that moved, in the same unit of work, and asks for
   * "the doctor is in" for each visit a doctor started: stored with the move, or not at all.
   */
  async function withAppointments(made: VisitChange[]): Promise<Moves> {
    const followed: AppointmentChange[] = [];
    for (const change of made) {
      const appointment = await deps.appointments.followVisit(change.id, change.status);
      if (appointment) followed.push(appointment);
      if (change.from === 'queued' && change.status === 'waiting') {
        await deps.notifier.notify({
          kind: 'doctor-is-in',
          userId: change.patientId,
          cause: change.id,
        });
      }
    }
    return { visits: made, appointments: followed };
  }

  const entriesOf = (moves: Moves, agent: AuditAgent) => [
    ...moves.visits.map((change) => statusChanged(change, agent)),
    ...moves.appointments.map((change) => appointmentChanged(agent, change)),
  ];

  const announcementsOfMoves = (moves: Moves) => [
    ...moves.visits.flatMap(announcementsOf),
    ...[...new Set(moves.appointments.map((change) => change.doctorId))].map(dayChanged),
  ];

  /** A status change and its audit entry in one transaction, announced once stored. */
  async function moved(
    agent: AuditAgent,
    move: () => Promise<VisitChange | null>,
  ): Promise<VisitChange | null> {
    const moves = await trail.change(
      async () => {
        const change = await move();
        return withAppointments(change ? [change] : []);
      },
      (made) => entriesOf(made, agent),
    );
    await announce(announcementsOfMoves(moves));
    deps.notifier.wake();
    return moves.visits[0] ?? null;
  }

  /** The clock's rules, for every visit or for one, recorded and announced. */
  async function applyClock(onlyId?: string): Promise<void> {
    const moves = await trail.change(
      async () => {
        const made: VisitChange[] = [];
        for (const rule of clockRules) made.push(...(await visits.applyClockRule(rule, onlyId)));
        return withAppointments(made);
      },
      (made) => entriesOf(made, byTheClock),
    );
    await announce(announcementsOfMoves(moves));
  }

  /**
   * A queued visit with the clinic's hours: whether a doctor is on duty, and if not when one
   * next is, with no estimate of a wait nobody on duty will end.
   */
  async function withClinicHours(visit: Visit): Promise<Visit> {
    if (visit.status !== 'queued') return visit;
    const now = Date.now();
    const hours = clinicHoursAt(await deps.appointments.clinicHours(clinicToday(now)), now);
    return hours.onDuty
      ? { ...visit, doctorOnDuty: true }
      : { ...visit, doctorOnDuty: false, nextDoctorAt: hours.nextAt, estimatedWaitMinutes: null };
  }

  async function visitOrMissing(id: string): Promise<Visit> {
    const visit = await visits.visit(id);
    if (!visit) throw notFound();
    return withClinicHours(visit);
  }

  /** Records that `actor` saw someone else's visit; their own reads are not recorded. */
  async function noteRead(actor: Actor, facts: VisitFacts, via: string): Promise<void> {
    if (!actsOnSomeoneElse(actor, facts.patientId)) return;
    await trail.note({
      type: 'visit-read',
      agent: agentOf(actor),
      entity: { type: 'visit', id: facts.id, subjectId: facts.patientId },
      detail: { via },
    });
  }

  /**
   * Who the actor is within visits: themselves, or, acting for a patient who granted them
   * "Book and join visits for me", that patient's side (the access rule reads the grant). One
   * acting for someone without that grant meets missing visits.
   */
  async function partyOf(actor: Actor): Promise<Party> {
    if (actor.onBehalfOf === null) return actor.caller;
    if (!(await deps.access.can(actor, 'visits', actor.onBehalfOf))) throw notFound();
    return { ...actor.caller, id: actor.onBehalfOf, role: 'patient', standsIn: true };
  }

  /** A visit's two parties (its patient, its doctor): anyone else meets a missing visit. */
  async function asParty(actor: Actor, id: string): Promise<VisitFacts & { party: Party }> {
    const [facts, party] = await Promise.all([visits.facts(id), partyOf(actor)]);
    if (!facts || !mayTakePart(party, facts)) throw notFound();
    return { ...facts, party };
  }

  /** A change by a party: the clock's rules for this visit first, so a late step sees the truth. */
  async function settledForParty(actor: Actor, id: string): Promise<VisitFacts & { party: Party }> {
    // The clock's rules are the scheduler's to apply to any visit; applying them to this one
    // first needs no party, and the facts are then read once, as they now stand.
    await applyClock(id);
    return asParty(actor, id);
  }

  return {
    /** The scheduled task: the clock's rules for every visit. */
    applyClock: () => applyClock(),

    async joinWaitingRoom(
      actor: Actor,
      input: JoinWaitingRoom,
    ): Promise<{ visit: Visit; created: boolean }> {
      const party = await partyOf(actor);
      if (!mayJoinWaitingRoom(party)) {
        throw onlyPatients('Only patients join the waiting room.');
      }
      const joined = await trail.change(
        async () => {
          const result = await visits.joinWaitingRoom(
            party.id,
            input,
            actor.onBehalfOf === null ? null : actor.caller.id,
          );
          if (result.created) await deps.notifier.notifyDoctorsOfQueue(result.visit.id);
          return result;
        },
        ({ visit, created }) =>
          created ? visitChanged(agentOf(actor), visit, { from: null, to: visit.status }) : null,
      );
      if (joined.created) {
        await announce([{ kind: 'queue', id: joined.visit.id, change: 'added' }]);
        deps.notifier.wake();
      }
      return { ...joined, visit: await withClinicHours(joined.visit) };
    },

    async current(actor: Actor): Promise<Visit | null> {
      const party = await partyOf(actor);
      if (!mayJoinWaitingRoom(party)) {
        throw onlyPatients('Only patients have visits of their own.');
      }
      const open = await visits.openVisitOf(party.id);
      return open && withClinicHours(open);
    },

    async history(actor: Actor): Promise<Visit[]> {
      // Acting for someone, their finished visits are part of the record the grant may open.
      if (actor.onBehalfOf !== null) {
        if (!(await deps.access.can(actor, 'read-record', actor.onBehalfOf))) throw notFound();
        const list = await visits.history(actor.onBehalfOf);
        await trail.noteEach(
          list.map((visit) => ({
            type: 'visit-read',
            agent: agentOf(actor),
            entity: { type: 'visit', id: visit.id, subjectId: visit.patientId },
            detail: { via: 'history' },
          })),
        );
        return list;
      }
      if (!mayJoinWaitingRoom(actor.caller)) {
        throw onlyPatients('Only patients have visits of their own.');
      }
      return visits.history(actor.caller.id);
    },

    /** The waiting room as every doctor sees it: each patient shown is in the trail. */
    async queue(actor: Actor): Promise<Queue> {
      // Acting for someone, a person is never a doctor.
      if (actor.onBehalfOf !== null || !maySeeQueue(actor.caller))
        throw new AppError('forbidden', 'Only doctors see the queue.');
      const { entries, ...figures } = await visits.queue(actor.caller.id);
      await trail.noteEach(
        entries.map((entry) => ({
          type: 'visit-read',
          agent: agentOf(actor),
          entity: { type: 'visit', id: entry.id, subjectId: entry.patientId },
          detail: { via: 'queue' },
        })),
      );
      // The answer names a patient's id only where the doctor may read their record (the way
      // to their chart); otherwise the queue shows names and reasons only.
      const readable = await deps.access.permittedAmong(
        actor,
        'read-record',
        entries.map((entry) => entry.patientId),
      );
      const flags = await deps.vitals.lastReadingFlags([...readable]);
      return {
        ...figures,
        entries: entries.map(
          ({
            id,
            patientId,
            patientName,
            agentName,
            priority,
            reason,
            type,
            queuedAt,
            appointmentTime,
          }) => ({
            id,
            patientId: readable.has(patientId) ? patientId : null,
            patientName,
            agentName: agentName ?? null,
            priority,
            reason,
            type,
            queuedAt,
            appointmentTime,
            flags: (readable.has(patientId) && flags.get(patientId)) || [],
          }),
        ),
      };
    },

    /**
     * A visit, to whoever the access policy lets at its patient's record; and an open one to
     * whoever may join it for the patient (the visit screen of "Book and join visits for me").
     */
    async read(actor: Actor, id: string): Promise<Visit> {
      const facts = await visits.facts(id);
      const joinsFor = async (open: VisitFacts) =>
        actor.onBehalfOf === open.patientId &&
        isOpen(open.status) &&
        (await deps.access.can(actor, 'visits', open.patientId));
      if (
        !facts ||
        !((await deps.access.can(actor, 'read-record', facts.patientId)) || (await joinsFor(facts)))
      ) {
        throw notFound();
      }
      await noteRead(actor, facts, 'visit');
      return visitOrMissing(id);
    },

    /**
     * A doctor takes a queued visit. One another doctor has just taken is told as taken (the
     * loser of two presses); any other visit that is not queued is missing to a doctor who may
     * not read it, so probing ids tells nothing about what exists or who has it.
     */
    async start(actor: Actor, id: string): Promise<Visit> {
      if (actor.onBehalfOf !== null || !mayStart(actor.caller)) {
        throw new AppError('forbidden', 'Only doctors start visits.');
      }
      const facts = await visits.facts(id);
      // A checked-in appointment's visit is its doctor's to take: to another, it is missing.
      if (
        !facts ||
        (facts.appointmentDoctorId != null && facts.appointmentDoctorId !== actor.caller.id)
      ) {
        throw notFound();
      }
      if (facts.status !== 'queued') {
        const justTaken =
          isOpen(facts.status) &&
          facts.startedAt != null &&
          Date.now() - facts.startedAt.getTime() < justTakenMs;
        if (!justTaken && !(await deps.access.can(actor, 'read-record', facts.patientId))) {
          throw notFound();
        }
        throw refusalAt(facts, taken);
      }
      const change = await moved(agentOf(actor), () => visits.start(id, actor.caller.id));
      // Someone else moved it first: it was queued when this doctor saw it.
      if (!change) throw refusalAt(await visits.facts(id), taken);
      return visitOrMissing(id);
    },

    /** A party enters the call, or is still in it (the heartbeat): the visit and what the call needs. */
    async join(actor: Actor, id: string): Promise<JoinAnswer> {
      const facts = await settledForParty(actor, id);
      requireCallUnderWay(facts);
      const side = isPatientOf(facts.party, facts) ? 'patient' : 'doctor';
      const present = await visits.markPresent(id, side);
      if (!present) throw closed();
      if (present.status === 'waiting' && present.bothJoined) {
        await moved(agentOf(actor), () =>
          visits.move(id, 'waiting', 'in_progress', actor.caller.id, { in_progress_at: 'now' }),
        );
      }
      await noteRead(actor, facts, 'join');
      const [visit, signalCursor] = await Promise.all([
        visitOrMissing(id),
        visits.signalCursor(id),
      ]);
      return { visit, iceServers: iceServersFor(deps.turn, id), signalCursor };
    },

    async leave(actor: Actor, id: string): Promise<Visit> {
      const facts = await settledForParty(actor, id);
      await visits.markLeft(id, isPatientOf(facts.party, facts) ? 'patient' : 'doctor');
      await noteRead(actor, facts, 'leave');
      return visitOrMissing(id);
    },

    async cancel(actor: Actor, id: string): Promise<Visit> {
      const facts = await settledForParty(actor, id);
      if (!isOpen(facts.status)) throw closed();
      if (!mayCancel(facts.party, facts)) throw endedByDoctor();
      const change = await moved(agentOf(actor), () =>
        visits.move(id, facts.status, 'cancelled', actor.caller.id, { ended_at: 'now' }),
      );
      // It moved meanwhile: answer for where it is now.
      if (!change) throw refusalAt(await visits.facts(id), endedByDoctor);
      return visitOrMissing(id);
    },

    async end(actor: Actor, id: string): Promise<Visit> {
      const facts = await settledForParty(actor, id);
      // The patient takes part, so may know the visit exists: they hear why, not "missing".
      if (!mayEnd(facts.party, facts)) {
        throw new AppError('forbidden', 'Only the doctor can end the visit.');
      }
      if (facts.status !== 'in_progress' && facts.status !== 'waiting') throw closed();
      const agent = agentOf(actor);
      const finish = () =>
        moved(agent, () =>
          visits.move(id, 'in_progress', 'finished', actor.caller.id, { ended_at: 'now' }),
        );
      const change =
        facts.status === 'in_progress'
          ? await finish()
          : await moved(agent, () =>
              visits.move(id, 'waiting', 'cancelled', actor.caller.id, { ended_at: 'now' }),
            );
      // Both came in meanwhile (waiting → in progress): end it from there.
      if (!(change ?? (await finish()))) throw closed();
      return visitOrMissing(id);
    },

    async saveSummary(actor: Actor, id: string, summary: string): Promise<Visit> {
      const facts = await asParty(actor, id);
      if (!mayWriteSummary(facts.party, facts)) {
        throw new AppError('forbidden', 'Only the doctor writes the summary.');
      }
      const saved = await trail.change(
        () => visits.saveSummary(id, summary),
        (written) => (written ? visitChanged(agentOf(actor), facts, { summary: 'written' }) : null),
      );
      if (!saved) {
        throw new AppError('visit_not_ready', 'The summary is written after the visit ends.');
      }
      return visitOrMissing(id);
    },

    /** The patient says why they came, while the visit is queued or waiting. */
    async giveReason(actor: Actor, id: string, reason: string): Promise<Visit> {
      const facts = await settledForParty(actor, id);
      if (!isPatientOf(facts.party, facts)) throw notFound();
      const given = await trail.change(
        () => visits.giveReason(id, facts.party.id, reason),
        (changed) => (changed ? visitChanged(agentOf(actor), facts, { reason: 'given' }) : null),
      );
      if (!given) throw closed();
      if (facts.status === 'queued') {
        await announce([
          { kind: 'queue', id, change: 'changed', doctorId: facts.appointmentDoctorId ?? null },
        ]);
      }
      return visitOrMissing(id);
    },

    /** Stores a party's signal for the other and pushes it; refused past the visit's limits. */
    async sendSignal(actor: Actor, id: string, signal: Signal): Promise<string> {
      const facts = await asParty(actor, id);
      requireCallUnderWay(facts);
      // Counted under the stored id: the path's id may be spelt in any case.
      const decision = await deps.limiter.hit(`visit-signal:${facts.id}:${facts.party.id}`, {
        max: visitSignalLimits.perMinute,
        windowSeconds: 60,
      });
      if (!decision.allowed) throw rateLimited(decision);
      const toUserId = isDoctorOf(facts.party, facts) ? facts.patientId : facts.doctorId;
      if (toUserId === null) throw notStarted();
      const signalId = await visits.storeSignal({
        visitId: id,
        fromUserId: facts.party.id,
        toUserId,
        signal,
      });
      if (signalId === null) throw signalsFull();
      await announce([{ kind: 'signal', id: signalId, visitId: id, toUserId }]);
      return signalId;
    },

    /** The signals to the caller after the cursor: a reconnecting page catches up. */
    async signals(actor: Actor, id: string, after?: string): Promise<SignalEvent[]> {
      const { party } = await asParty(actor, id);
      return visits.signalsFor(id, party.id, after);
    },

    /**
     * Whom the visits push stream follows for the actor: themselves (patients and doctors), or
     * the patient whose visits they were granted while acting for them; null when nobody.
     */
    async follower(actor: Actor): Promise<Party | null> {
      if (actor.onBehalfOf !== null) return partyOf(actor);
      return mayFollowVisits(actor.caller) ? actor.caller : null;
    },
  };
}

export type VisitsService = ReturnType<typeof visitsService>;
