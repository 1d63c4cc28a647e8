import { sql, type Kysely } from 'kysely';
import { defaultRole, roleSchema, type Role } from '@shared/role';
import {
  flagsOf,
  vitalsListLimit,
  type VitalFlag,
  type VitalValues,
  type VitalsReading,
} from '@shared/vitals';
import type { Database } from '../db/schema';
import { personName } from '../profiles/person-name';
import { componentsOf, groupedByReading, observationsOf, valuesOf } from './vital-codes';

/** A reading to store: the device's id for it, whose it is, when it was taken, who records it. */
export interface NewReading {
  readingId: string;
  patientId: string;
  takenAt: Date;
  recorderId: string;
  recorderRole: Role;
  values: VitalValues;
}

/** What storing a reading came to: the reading as stored, and whether this call stored it. */
export interface RecordedReading {
  reading: VitalsReading;
  created: boolean;
}

interface ObservationRow {
  reading_id: string;
  code: string;
  value: string | number | null;
  unit: string | null;
  components: unknown;
  effective_at: Date;
  recorded_at: Date;
  recorder_id: string;
  recorder_role: string;
  recorder_first_name: string | null;
  recorder_last_name: string | null;
}

/** The readings the rows make up, in the rows' order: each reading's observations together. */
function toReadings(rows: readonly ObservationRow[]): VitalsReading[] {
  return groupedByReading(rows, (row) => row.reading_id).flatMap((observations) => {
    const [first] = observations;
    if (!first) return [];
    const values = valuesOf(
      observations.map((row) => ({
        code: row.code,
        value: row.value === null ? null : Number(row.value),
        unit: row.unit,
        components: componentsOf(row.components),
      })),
    );
    const reading: VitalsReading = {
      id: first.reading_id,
      takenAt: new Date(first.effective_at).toISOString(),
      recordedAt: new Date(first.recorded_at).toISOString(),
      recordedBy: {
        id: first.recorder_id,
        role: roleSchema.safeParse(first.recorder_role).data ?? defaultRole,
        name: personName(first.recorder_first_name, first.recorder_last_name),
      },
      ...values,
      flags: flagsOf(values),
    };
    return [reading];
  });
}

/** The columns of an observation a reading is made of. */
const observationColumns = [
  'reading_id',
  'code',
  'value',
  'unit',
  'components',
  'effective_at',
  'recorded_at',
  'recorder_id',
  'recorder_role',
] as const;

const recorderName = [
  'recorder.first_name as recorder_first_name',
  'recorder.last_name as recorder_last_name',
] as const;

/**
 * Vitals, stored as one FHIR Observation per measure (`observations`, coded by
 * `vital-codes.ts`) and answered as readings: the observations that share a device's id.
 */
export function vitalsRepository(db: Kysely<Database>) {
  /** A patient's observations with their recorder's name, newest reading first. */
  function observationsQuery(patientId: string) {
    return db
      .selectFrom('observations as o')
      .leftJoin('profiles as recorder', 'recorder.id', 'o.recorder_id')
      .select([...observationColumns.map((column) => `o.${column}` as const), ...recorderName])
      .where('o.patient_id', '=', patientId)
      .orderBy('o.effective_at', 'desc')
      .orderBy('o.recorded_at', 'desc')
      .orderBy('o.reading_id', 'desc')
      .orderBy('o.code');
  }

  /** The patient's reading under the device's id, or null. */
  async function reading(patientId: string, readingId: string): Promise<VitalsReading | null> {
    const rows = await observationsQuery(patientId).where('o.reading_id', '=', readingId).execute();
    return toReadings(rows)[0] ?? null;
  }

  return {
    /**
     * The thresholds each patient's last reading (by the time taken) passed; a patient with
     * no reading, or whose last one passed none, is absent.
     */
    async lastReadingFlags(patientIds: readonly string[]): Promise<Map<string, VitalFlag[]>> {
      const flagged = new Map<string, VitalFlag[]>();
      if (patientIds.length === 0) return flagged;
      const rows = await db
        .selectFrom('observations as o')
        .select(['o.patient_id', 'o.reading_id', 'o.code', 'o.value', 'o.unit', 'o.components'])
        .innerJoin(
          (eb) =>
            eb
              .selectFrom('observations as r')
              .select(['r.patient_id', 'r.reading_id'])
              .distinctOn('r.patient_id')
              .where('r.patient_id', 'in', [...new Set(patientIds)])
              .orderBy('r.patient_id')
              .orderBy('r.effective_at', 'desc')
              .orderBy('r.recorded_at', 'desc')
              .orderBy('r.reading_id', 'desc')
              .as('last'),
          (join) =>
            join
              .onRef('last.patient_id', '=', 'o.patient_id')
              .onRef('last.reading_id', '=', 'o.reading_id'),
        )
        .execute();
      for (const observations of groupedByReading(rows, (row) => row.patient_id)) {
        const [first] = observations;
        if (!first) continue;
        const flags = flagsOf(
          valuesOf(
            observations.map((row) => ({
              code: row.code,
              value: row.value === null ? null : Number(row.value),
              unit: row.unit,
              components: componentsOf(row.components),
            })),
          ),
        );
        if (flags.length > 0) flagged.set(first.patient_id, flags);
      }
      return flagged;
    },

    /** The patient's readings taken at or after `since` (all without it), newest first, at most 500. */
    async list(patientId: string, since?: Date): Promise<VitalsReading[]> {
      const rows = await observationsQuery(patientId)
        .where('o.reading_id', 'in', (eb) => {
          const ofPatient = eb
            .selectFrom('observations as r')
            .select('r.reading_id')
            .where('r.patient_id', '=', patientId);
          return (since === undefined ? ofPatient : ofPatient.where('r.effective_at', '>=', since))
            .groupBy('r.reading_id')
            .orderBy(sql`max(r.effective_at)`, 'desc')
            .orderBy(sql`max(r.recorded_at)`, 'desc')
            .orderBy('r.reading_id', 'desc')
            .limit(vitalsListLimit);
        })
        .execute();
      return toReadings(rows);
    },

    /**
     * Stores a reading once per patient and device id: when one is stored under that id
     * already, nothing is written and the stored one is answered (created false). Inside a
     * unit of work, the id is locked until it ends, so two sends of one id with different
     * measures cannot each add theirs to one reading.
     */
    async record(input: NewReading): Promise<RecordedReading> {
      const lockKey = `observations:${input.patientId}:${input.readingId}`;
      await sql`select pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`.execute(db);
      const earlier = await reading(input.patientId, input.readingId);
      if (earlier) return { reading: earlier, created: false };
      // The reading is answered from the rows the insert returns, with no read after it.
      const rows = await db
        .with('stored', (query) =>
          query
            .insertInto('observations')
            .values(
              observationsOf(input.values).map((observation) => ({
                reading_id: input.readingId,
                patient_id: input.patientId,
                code: observation.code,
                value: observation.value,
                unit: observation.unit,
                components:
                  observation.components === null ? null : JSON.stringify(observation.components),
                effective_at: input.takenAt,
                recorder_id: input.recorderId,
                recorder_role: input.recorderRole,
              })),
            )
            .onConflict((conflict) =>
              conflict.columns(['patient_id', 'reading_id', 'code']).doNothing(),
            )
            .returning(observationColumns),
        )
        .selectFrom('stored as o')
        .leftJoin('profiles as recorder', 'recorder.id', 'o.recorder_id')
        .select([...observationColumns.map((column) => `o.${column}` as const), ...recorderName])
        .orderBy('o.code')
        .execute();
      const stored = toReadings(rows)[0];
      if (!stored) throw new Error('a reading just stored could not be read back');
      return { reading: stored, created: true };
    },
  };
}

export type VitalsRepository = ReturnType<typeof vitalsRepository>;
