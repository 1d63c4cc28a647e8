import { sql, type Kysely, type RawBuilder } from 'kysely';
import { clinicDayStart, clinicTimeOf, clinicToday } from '@shared/clinic-time';
import {
  mayMove,
  noShowAfterMs,
  rejoinWindowMs,
  type JoinWaitingRoom,
  type Queue,
  type QueueEntry,
  visitSignalLimits,
  type Signal,
  type SignalEvent,
  type Visit,
  type VisitPriority,
  type VisitStatus,
  type VisitType,
} from '@shared/visits';
import { displayName } from '../profiles/person-name';
import type { Database } from '../db/schema';

/** What a new visit's estimate assumes a consultation takes when none ended in the last week. */
export const defaultConsultationMinutes = 10;

/** The most rows one queue or history answer carries. */
export const listLimit = 500;

/** The most signals one catch-up answer carries. */
export const signalPageLimit = 200;

/** Signals older than this are of no use to any call and are pruned. */
const signalRetentionSeconds = 24 * 60 * 60;

/** Who a visit belongs to and where it stands: what the access rules and announcements need. */
export interface VisitFacts {
  id: string;
  status: VisitStatus;
  patientId: string;
  doctorId: string | null;
  /** When a doctor took it from the queue, where the facts were read whole. */
  startedAt?: Date | null;
  /**
   * The doctor of the appointment whose check-in opened it: the one doctor whose queue it is
   * in. Null for a walk-in, whom every doctor sees.
   */
  appointmentDoctorId?: string | null;
}

/** A status change that happened: to be announced. */
export interface VisitChange extends VisitFacts {
  from: VisitStatus;
}

type Side = 'patient' | 'doctor';

const seconds = (ms: number) => sql`make_interval(secs => ${ms / 1000})`;

function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

/**
 * The clock's rules: a started visit the patient has not come to within `noShowAfterMs` is a
 * no-show; a visit in progress that both have been away from for `rejoinWindowMs` is finished,
 * at the last moment either was seen. Each is a move of the shared transition table.
 */
export const clockRules = [
  { name: 'no-show', from: 'waiting', to: 'no_show' },
  { name: 'left-for-good', from: 'in_progress', to: 'finished' },
] as const satisfies readonly { name: string; from: VisitStatus; to: VisitStatus }[];

export type ClockRule = (typeof clockRules)[number];

/** When each rule is due, and the end time it records, as SQL over the visit's row. */
const clockConditions: Record<
  ClockRule['name'],
  { due: RawBuilder<boolean>; endedAt: RawBuilder<Date> }
> = {
  'no-show': {
    due: sql<boolean>`started_at < now() - ${seconds(noShowAfterMs)}`,
    endedAt: sql<Date>`now()`,
  },
  'left-for-good': {
    due: sql<boolean>`greatest(patient_seen_at, doctor_seen_at) < now() - ${seconds(rejoinWindowMs)}`,
    endedAt: sql<Date>`greatest(patient_seen_at, doctor_seen_at)`,
  },
};

/**
 * The queue's order, as a row value over `visits` and its appointment `appt`: urgent
 * first; within a priority, checked-in scheduled visits by their appointment's time ahead
 * of walk-ins, walk-ins oldest first.
 */
const queueKey = sql`(case when visits.priority = 'urgent' then 0 else 1 end,
  case when visits.appointment_id is null then 1 else 0 end,
  coalesce(appt.starts_at, visits.queued_at), visits.queued_at, visits.id)`;

export function visitsRepository(db: Kysely<Database>) {
  function visitsQuery() {
    return db
      .selectFrom('visits')
      .leftJoin('profiles as pp', 'pp.id', 'visits.patient_id')
      .leftJoin('user as pu', 'pu.id', 'visits.patient_id')
      .leftJoin('profiles as dp', 'dp.id', 'visits.doctor_id')
      .leftJoin('user as du', 'du.id', 'visits.doctor_id')
      .leftJoin('appointments as appt', 'appt.id', 'visits.appointment_id')
      .leftJoin('profiles as ap', 'ap.id', 'visits.agent_id')
      .leftJoin('user as au', 'au.id', 'visits.agent_id')
      .selectAll('visits')
      .select([
        'ap.first_name as agent_first',
        'ap.last_name as agent_last',
        'au.email as agent_email',
        'appt.starts_at as appointment_starts_at',
        'appt.doctor_id as appointment_doctor_id',
        'pp.first_name as patient_first',
        'pp.last_name as patient_last',
        'pu.email as patient_email',
        'dp.first_name as doctor_first',
        'dp.last_name as doctor_last',
        'du.email as doctor_email',
      ]);
  }

  type Row = Awaited<ReturnType<ReturnType<typeof visitsQuery>['executeTakeFirstOrThrow']>>;

  /** Who brought the patient in for them (a guardian, a caregiver), or null. */
  function agentNameOf(row: Pick<Row, 'agent_id' | 'agent_first' | 'agent_last' | 'agent_email'>) {
    return row.agent_id === null
      ? null
      : displayName(row.agent_first, row.agent_last, row.agent_email, 'Caregiver');
  }

  /** Average minutes of the consultations that ended in the last seven days. */
  async function averageConsultationMinutes(): Promise<number> {
    const row = await db
      .selectFrom('visits')
      .select(
        sql<number | string | null>`avg(extract(epoch from (ended_at - in_progress_at))) / 60`.as(
          'minutes',
        ),
      )
      .where('status', '=', 'finished')
      .where('in_progress_at', 'is not', null)
      .where(sql<boolean>`ended_at > now() - interval '7 days'`)
      .executeTakeFirst();
    const minutes =
      row?.minutes === null || row?.minutes === undefined ? null : Number(row.minutes);
    return minutes !== null && Number.isFinite(minutes) && minutes > 0
      ? minutes
      : defaultConsultationMinutes;
  }

  /**
   * Place in line of a queued visit: 1 + the queued visits ahead of it in the queue's order
   * (`queueOrder`) that share a queue with it. A scheduled visit is in its doctor's queue only;
   * a walk-in counts every scheduled visit ahead, as whichever doctor takes it may have them.
   */
  async function positionOf(id: string): Promise<number | null> {
    const { rows } = await sql<{ position: number | string }>`
      with line as (
        select visits.id, appt.doctor_id as appointment_doctor_id, ${queueKey} as key
        from visits left join appointments appt on appt.id = visits.appointment_id
        where visits.status = 'queued'
      )
      select count(q.id) + 1 as position
      from line v
      left join line q on q.id <> v.id and q.key < v.key and (
        v.appointment_doctor_id is null or q.appointment_doctor_id is null
        or q.appointment_doctor_id = v.appointment_doctor_id
      )
      where v.id = ${id}
      group by v.id`.execute(db);
    return rows[0] ? Number(rows[0].position) : null;
  }

  function toVisit(row: Row, position: number | null, averageMinutes: number): Visit {
    const duration =
      row.status === 'finished' && row.in_progress_at !== null && row.ended_at !== null
        ? Math.max(
            0,
            Math.round(
              (new Date(row.ended_at).getTime() - new Date(row.in_progress_at).getTime()) / 60_000,
            ),
          )
        : null;
    return {
      id: row.id,
      status: row.status as VisitStatus,
      type: row.type as VisitType,
      priority: row.priority as VisitPriority,
      reason: row.reason,
      patientId: row.patient_id,
      patientName: displayName(row.patient_first, row.patient_last, row.patient_email, 'Patient'),
      agentName: agentNameOf(row),
      doctorId: row.doctor_id,
      doctorName:
        row.doctor_id === null
          ? null
          : displayName(row.doctor_first, row.doctor_last, row.doctor_email, 'Doctor'),
      queuedAt: new Date(row.queued_at).toISOString(),
      startedAt: iso(row.started_at),
      inProgressAt: iso(row.in_progress_at),
      endedAt: iso(row.ended_at),
      durationMinutes: duration,
      summary: row.summary,
      position,
      estimatedWaitMinutes:
        position === null ? null : Math.max(1, Math.round(position * averageMinutes)),
    };
  }

  /** The visit as its participants see it, with its place in line while queued. */
  async function present(row: Row): Promise<Visit> {
    if (row.status !== 'queued') return toVisit(row, null, defaultConsultationMinutes);
    const [position, average] = await Promise.all([
      positionOf(row.id),
      averageConsultationMinutes(),
    ]);
    return toVisit(row, position, average);
  }

  async function visit(id: string): Promise<Visit | null> {
    const row = await visitsQuery().where('visits.id', '=', id).executeTakeFirst();
    return row ? present(row) : null;
  }

  async function openVisitOf(patientId: string): Promise<Visit | null> {
    const row = await visitsQuery()
      .where('visits.patient_id', '=', patientId)
      .where('visits.status', 'in', ['queued', 'waiting', 'in_progress'])
      .executeTakeFirst();
    return row ? present(row) : null;
  }

  /**
   * The one way a visit's status changes: from the status the caller saw to the next, in one
   * statement that also records the change in `visit_events`. When the visit is no longer in
   * `from` (another doctor pressed Start first), nothing changes and the answer is false.
   */
  async function move(
    id: string,
    from: VisitStatus,
    to: VisitStatus,
    actorId: string | null,
    also: Partial<Record<'doctor_id', string>> &
      Partial<
        Record<
          'started_at' | 'in_progress_at' | 'ended_at' | 'doctor_joined_at' | 'doctor_seen_at',
          'now'
        >
      > = {},
  ): Promise<VisitChange | null> {
    if (!mayMove(from, to)) throw new Error(`A visit may not move from ${from} to ${to}`);
    const now = sql<Date>`now()`;
    const set = {
      status: to,
      ...(also.doctor_id !== undefined ? { doctor_id: also.doctor_id } : {}),
      ...(also.started_at ? { started_at: now } : {}),
      ...(also.in_progress_at ? { in_progress_at: now } : {}),
      ...(also.ended_at ? { ended_at: now } : {}),
      ...(also.doctor_joined_at ? { doctor_joined_at: now } : {}),
      ...(also.doctor_seen_at ? { doctor_seen_at: now } : {}),
    };
    const row = await db
      .with('moved', (qb) =>
        qb
          .updateTable('visits')
          .set(set)
          .where('id', '=', id)
          .where('status', '=', from)
          .returning(['id', 'patient_id', 'doctor_id']),
      )
      .insertInto('visit_events')
      .columns(['visit_id', 'from_status', 'to_status', 'actor_id'])
      .expression((eb) =>
        eb
          .selectFrom('moved')
          .select([
            'moved.id',
            sql<string>`${from}::text`.as('from_status'),
            sql<string>`${to}::text`.as('to_status'),
            sql<string | null>`${actorId}::text`.as('actor_id'),
          ]),
      )
      .returning('visit_id')
      .executeTakeFirst();
    if (!row) return null;
    const facts = await factsOf(id);
    return facts ? { ...facts, status: to, from } : null;
  }

  async function factsOf(id: string): Promise<VisitFacts | null> {
    const row = await db
      .selectFrom('visits')
      .leftJoin('appointments', 'appointments.id', 'visits.appointment_id')
      .select([
        'visits.id',
        'visits.status',
        'visits.patient_id',
        'visits.doctor_id',
        'visits.started_at',
        'appointments.doctor_id as appointment_doctor_id',
      ])
      .where('visits.id', '=', id)
      .executeTakeFirst();
    return row
      ? {
          id: row.id,
          status: row.status as VisitStatus,
          patientId: row.patient_id,
          doctorId: row.doctor_id,
          startedAt: row.started_at === null ? null : new Date(row.started_at),
          appointmentDoctorId: row.appointment_doctor_id,
        }
      : null;
  }

  function toSignalEvent(row: {
    id: string | number | bigint;
    visit_id: string;
    from_user_id: string;
    body: unknown;
  }): SignalEvent {
    return {
      id: String(row.id),
      visitId: row.visit_id,
      fromUserId: row.from_user_id,
      signal: row.body as Signal,
    };
  }

  return {
    /** A visit whoever asks; the routes decide with the access rules who may see it. */
    visit,

    /** Who a visit belongs to and its status, whoever asks. */
    facts: factsOf,

    /**
     * The patient's open visit, created when there is none. The unique index on open
     * visits settles concurrent joins: every caller gets the one visit.
     */
    async joinWaitingRoom(
      patientId: string,
      input: JoinWaitingRoom,
      /** Who brought the patient in, when not the patient. */
      agentId: string | null,
    ): Promise<{ visit: Visit; created: boolean }> {
      const id = crypto.randomUUID();
      const { rows } = await sql<{ id: string }>`
        with created as (
          insert into visits (id, patient_id, status, type, priority, reason, agent_id)
          values (${id}, ${patientId}, 'queued', ${input.type ?? 'video'},
                  'routine', ${input.reason ?? ''}, ${agentId})
          on conflict (patient_id) where status in ('queued', 'waiting', 'in_progress') do nothing
          returning id
        ), recorded as (
          insert into visit_events (visit_id, from_status, to_status, actor_id)
          select id, null, 'queued', ${agentId ?? patientId} from created
        )
        select id from created`.execute(db);
      const created = rows.length > 0;
      const found = created ? await visit(id) : await openVisitOf(patientId);
      if (!found) throw new Error('The open visit vanished after the join');
      return { visit: found, created };
    },

    /** The patient's open visit, with its place in line while queued. */
    openVisitOf,

    /**
     * A checked-in appointment's visit: queued in its doctor's queue, for the appointment's
     * reason. Null when the patient already has an open visit (the unique index on open
     * visits decides), and nothing is stored then.
     */
    async openScheduledVisit(
      patientId: string,
      appointmentId: string,
      reason: string,
      /** Who checked in for the patient, when not the patient. */
      agentId: string | null,
    ): Promise<string | null> {
      const id = crypto.randomUUID();
      const { rows } = await sql<{ id: string }>`
        with created as (
          insert into visits (id, patient_id, status, type, priority, reason, appointment_id, agent_id)
          values (${id}, ${patientId}, 'queued', 'video', 'routine', ${reason}, ${appointmentId}, ${agentId})
          on conflict (patient_id) where status in ('queued', 'waiting', 'in_progress') do nothing
          returning id
        ), recorded as (
          insert into visit_events (visit_id, from_status, to_status, actor_id)
          select id, null, 'queued', ${agentId ?? patientId} from created
        )
        select id from created`.execute(db);
      return rows[0]?.id ?? null;
    },

    /** The patient's finished visits, newest first. */
    async history(patientId: string): Promise<Visit[]> {
      const rows = await visitsQuery()
        .where('visits.patient_id', '=', patientId)
        .where('visits.status', '=', 'finished')
        .orderBy('visits.ended_at', 'desc')
        .orderBy('visits.id', 'desc')
        .limit(listLimit)
        .execute();
      return rows.map((row) => toVisit(row, null, defaultConsultationMinutes));
    },

    /**
     * The queued visits (urgent first, then oldest) and today's figures in the clinic's time
     * zone; each entry names its patient, for the audit trail and the access check.
     */
    async queue(doctorId: string): Promise<
      Omit<Queue, 'entries'> & {
        entries: (Omit<QueueEntry, 'patientId' | 'flags'> & { patientId: string })[];
      }
    > {
      // Today is the clinic's, whatever the server's zone: from its midnight in Kathmandu.
      const startOfClinicDay = clinicDayStart(clinicToday());
      const [rows, figures] = await Promise.all([
        visitsQuery()
          .where('visits.status', '=', 'queued')
          .where((eb) =>
            eb.or([eb('visits.appointment_id', 'is', null), eb('appt.doctor_id', '=', doctorId)]),
          )
          .orderBy(queueKey)
          .limit(listLimit)
          .execute(),
        sql<{ waiting: string | number; completed: string | number; wait: string | number | null }>`
          select
            (select count(*) from visits v left join appointments a on a.id = v.appointment_id
              where v.status = 'queued'
                and (v.appointment_id is null or a.doctor_id = ${doctorId})) as waiting,
            (select count(*) from visits
              where status = 'finished' and ended_at >= ${startOfClinicDay}) as completed,
            (select round(avg(extract(epoch from (started_at - queued_at))) / 60)
              from visits where started_at >= ${startOfClinicDay}) as wait`.execute(db),
      ]);
      const figure = figures.rows[0];
      return {
        entries: rows.map((row) => ({
          id: row.id,
          patientId: row.patient_id,
          patientName: displayName(
            row.patient_first,
            row.patient_last,
            row.patient_email,
            'Patient',
          ),
          agentName: agentNameOf(row),
          priority: row.priority as VisitPriority,
          reason: row.reason,
          type: row.type as VisitType,
          queuedAt: new Date(row.queued_at).toISOString(),
          appointmentTime:
            row.appointment_starts_at === null ? null : clinicTimeOf(row.appointment_starts_at),
        })),
        waiting: Number(figure?.waiting ?? 0),
        completedToday: Number(figure?.completed ?? 0),
        averageWaitMinutesToday:
          figure?.wait === null || figure?.wait === undefined
            ? null
            : Math.round(Number(figure.wait)),
      };
    },

    move,

    /** A doctor presses Start: queued → waiting, the doctor assigned and counted as in the call. */
    start(id: string, doctorId: string): Promise<VisitChange | null> {
      return move(id, 'queued', 'waiting', doctorId, {
        doctor_id: doctorId,
        started_at: 'now',
        doctor_joined_at: 'now',
        doctor_seen_at: 'now',
      });
    },

    /**
     * A participant is in the call (a join or a heartbeat): first join and last seen times.
     * Only while the visit is waiting or in progress; the visit's facts after it, or null
     * when it is not open that way any more.
     */
    async markPresent(
      id: string,
      side: Side,
    ): Promise<(VisitFacts & { bothJoined: boolean }) | null> {
      const joined = side === 'patient' ? 'patient_joined_at' : 'doctor_joined_at';
      const seen = side === 'patient' ? 'patient_seen_at' : 'doctor_seen_at';
      const row = await db
        .updateTable('visits')
        .set({
          [joined]: sql<Date>`coalesce(${sql.ref(joined)}, now())`,
          [seen]: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .where('status', 'in', ['waiting', 'in_progress'])
        .returning([
          'id',
          'status',
          'patient_id',
          'doctor_id',
          'patient_joined_at',
          'doctor_joined_at',
        ])
        .executeTakeFirst();
      if (!row) return null;
      return {
        id: row.id,
        status: row.status as VisitStatus,
        patientId: row.patient_id,
        doctorId: row.doctor_id,
        bothJoined: row.patient_joined_at !== null && row.doctor_joined_at !== null,
      };
    },

    /** A participant left the call: the rejoin window starts from now. */
    async markLeft(id: string, side: Side): Promise<void> {
      await db
        .updateTable('visits')
        .set(
          side === 'patient'
            ? { patient_seen_at: sql<Date>`now()` }
            : { doctor_seen_at: sql<Date>`now()` },
        )
        .where('id', '=', id)
        .where('status', 'in', ['waiting', 'in_progress'])
        .execute();
    },

    async saveSummary(id: string, summary: string): Promise<boolean> {
      const result = await db
        .updateTable('visits')
        .set({ summary, summary_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('status', '=', 'finished')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Applies one of the clock's rules (`clockRules`): every visit in the rule's `from`
     * status that is overdue moves to its `to`, recorded with no actor, in one statement that
     * is safe with several server processes. With `onlyId`, only that visit. The changed
     * visits are returned.
     */
    async applyClockRule(rule: ClockRule, onlyId?: string): Promise<VisitChange[]> {
      if (!mayMove(rule.from, rule.to)) {
        throw new Error(`A visit may not move from ${rule.from} to ${rule.to}`);
      }
      const { due, endedAt } = clockConditions[rule.name];
      const { rows } = await sql<{ id: string; patient_id: string; doctor_id: string | null }>`
        with moved as (
          update visits set status = ${rule.to}, ended_at = ${endedAt}
          where status = ${rule.from} and ${due}
            ${onlyId === undefined ? sql`` : sql`and id = ${onlyId}`}
          returning id, patient_id, doctor_id
        ), recorded as (
          insert into visit_events (visit_id, from_status, to_status, actor_id)
          select id, ${rule.from}::text, ${rule.to}::text, null from moved
        )
        select id, patient_id, doctor_id from moved`.execute(db);
      return rows.map((row) => ({
        id: row.id,
        status: rule.to,
        from: rule.from,
        patientId: row.patient_id,
        doctorId: row.doctor_id,
      }));
    },

    /**
     * Sets the reason the patient gives while the visit is queued or waiting; false when it
     * is not theirs or not open that way any more.
     */
    async giveReason(id: string, patientId: string, reason: string): Promise<boolean> {
      const result = await db
        .updateTable('visits')
        .set({ reason })
        .where('id', '=', id)
        .where('patient_id', '=', patientId)
        .where('status', 'in', ['queued', 'waiting'])
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Stores a signal for its recipient; its id, increasing. Null when the visit already holds
     * as many signals, or as many bytes of them, as `visitSignalLimits` allows.
     */
    async storeSignal(input: {
      visitId: string;
      fromUserId: string;
      toUserId: string;
      signal: Signal;
    }): Promise<string | null> {
      const body = JSON.stringify(input.signal);
      const bytes = Buffer.byteLength(body);
      const { rows } = await sql<{ id: string }>`
        insert into visit_signals (visit_id, from_user_id, to_user_id, body, bytes)
        select ${input.visitId}::uuid, ${input.fromUserId}::text, ${input.toUserId}::text,
          ${body}::jsonb, ${bytes}::integer
        from (select count(*) as signals, coalesce(sum(bytes), 0) as stored
              from visit_signals where visit_id = ${input.visitId}) as visit_total
        where visit_total.signals < ${visitSignalLimits.perVisit}
          and visit_total.stored + ${bytes} <= ${visitSignalLimits.bytesPerVisit}
        returning id::text as id`.execute(db);
      return rows[0]?.id ?? null;
    },

    /** One signal with its recipient, for the push fan-out. */
    async signal(id: string): Promise<(SignalEvent & { toUserId: string }) | null> {
      const row = await db
        .selectFrom('visit_signals')
        .select([sql<string>`id::text`.as('id'), 'visit_id', 'from_user_id', 'to_user_id', 'body'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? { ...toSignalEvent(row), toUserId: row.to_user_id } : null;
    },

    /** The signals to `toUserId` in the visit after the cursor, oldest first. */
    async signalsFor(visitId: string, toUserId: string, after?: string): Promise<SignalEvent[]> {
      let query = db
        .selectFrom('visit_signals')
        .select([sql<string>`id::text`.as('id'), 'visit_id', 'from_user_id', 'body'])
        .where('visit_id', '=', visitId)
        .where('to_user_id', '=', toUserId);
      if (after !== undefined) query = query.where(sql<boolean>`id > ${after}::bigint`);
      const rows = await query.orderBy('visit_signals.id').limit(signalPageLimit).execute();
      return rows.map(toSignalEvent);
    },

    /** The newest signal id of the visit, whoever it is for; '0' when there is none. */
    async signalCursor(visitId: string): Promise<string> {
      const row = await db
        .selectFrom('visit_signals')
        .select(sql<string | null>`max(id)::text`.as('id'))
        .where('visit_id', '=', visitId)
        .executeTakeFirst();
      return row?.id ?? '0';
    },

    async pruneSignals(olderThanSeconds = signalRetentionSeconds): Promise<void> {
      await db
        .deleteFrom('visit_signals')
        .where(sql<boolean>`created_at < now() - make_interval(secs => ${olderThanSeconds})`)
        .execute();
    },
  };
}

export type VisitsRepository = ReturnType<typeof visitsRepository>;
