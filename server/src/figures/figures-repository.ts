import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ObservationValue } from '../record/vital-codes';

/** One observation of a reading that might be an alert, as stored. */
export type UnseenObservation = ObservationValue & { readingId: string };

const count = (value: string | number | bigint | null | undefined) => Number(value ?? 0);

/** The counts behind the staff's figures: each one statement over what is stored. */
export function figuresRepository(db: Kysely<Database>) {
  return {
    /** Appointments of the clinic day that are not cancelled, and the check-ins made in it. */
    async appointmentsOn(day: string, from: Date, to: Date) {
      const { rows } = await sql<{ appointments: string; check_ins: string }>`
        select
          (select count(*) from appointments
            where day = ${day}::date and status <> 'cancelled') as appointments,
          (select count(*) from appointments
            where checked_in_at >= ${from} and checked_in_at < ${to}) as check_ins`.execute(db);
      return { appointments: count(rows[0]?.appointments), checkIns: count(rows[0]?.check_ins) };
    },

    async visitsWithoutSummary(): Promise<number> {
      const row = await db
        .selectFrom('visits')
        .select(sql<string>`count(*)`.as('count'))
        .where('status', '=', 'finished')
        .where('summary', 'is', null)
        .executeTakeFirst();
      return count(row?.count);
    },

    /** Care-team conversations whose last message is the patient's and older than `hours`. */
    async unansweredConversations(hours: number): Promise<number> {
      const { rows } = await sql<{ count: string }>`
        select count(*) as count
        from conversations c
        join lateral (
          select m.sender_id, m.created_at from messages m
          where m.conversation_id = c.id
          order by m.created_at desc, m.id desc
          limit 1
        ) last on true
        where c.care_team_patient_id is not null
          and last.sender_id = c.care_team_patient_id
          and last.created_at < now() - make_interval(hours => ${hours})`.execute(db);
      return count(rows[0]?.count);
    },

    /**
     * The observations of readings recorded in the last `days` days whose patient's chart no
     * doctor has opened since: the candidates for alerts, whose thresholds the caller applies.
     */
    async observationsNotSeen(days: number): Promise<UnseenObservation[]> {
      const rows = await db
        .selectFrom('observations as o')
        .select(['o.reading_id', 'o.code', 'o.value', 'o.unit', 'o.components'])
        .where('o.recorded_at', '>', sql<Date>`now() - make_interval(days => ${days})`)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('audit_events as seen')
                .select(sql`1`.as('one'))
                .where('seen.type', '=', 'chart-read')
                .where('seen.agent_role', '=', 'doctor')
                .whereRef('seen.subject_id', '=', 'o.patient_id')
                .whereRef('seen.recorded_at', '>', 'o.recorded_at'),
            ),
          ),
        )
        .execute();
      return rows.map((row) => ({
        readingId: row.reading_id,
        code: row.code,
        value: row.value === null ? null : Number(row.value),
        unit: row.unit,
        components: Array.isArray(row.components)
          ? (row.components as { code: string; value: number | string; unit: string }[]).map(
              (part) => ({ code: part.code, value: Number(part.value), unit: part.unit }),
            )
          : null,
      }));
    },

    async confirmedUsers(): Promise<number> {
      const row = await db
        .selectFrom('user')
        .select(sql<string>`count(*)`.as('count'))
        .where('emailVerified', '=', true)
        .executeTakeFirst();
      return count(row?.count);
    },

    /** Live sessions that made a request in the last `minutes` minutes. */
    async activeSessions(minutes: number): Promise<number> {
      const row = await db
        .selectFrom('session_activity as a')
        .innerJoin('session as s', 's.id', 'a.session_id')
        .select(sql<string>`count(*)`.as('count'))
        .where('a.seen_at', '>', sql<Date>`now() - make_interval(mins => ${minutes})`)
        .where('s.expiresAt', '>', sql<Date>`now()`)
        .executeTakeFirst();
      return count(row?.count);
    },

    /** Bytes of the photos stored, and of the database itself. */
    async storageBytes(): Promise<{ photos: number; database: number }> {
      const { rows } = await sql<{ photos: string | null; database: string | null }>`
        select (select coalesce(sum(byte_size), 0) from uploads) as photos,
               pg_database_size(current_database()) as database`.execute(db);
      return { photos: count(rows[0]?.photos), database: count(rows[0]?.database) };
    },
  };
}

export type FiguresRepository = ReturnType<typeof figuresRepository>;
