import {
  vitalMeasures,
  type RecordVitals,
  type VitalsQuery,
  type VitalsReading,
} from '@shared/vitals';
import { actsOnSomeoneElse, type PatientAccess } from '../access/patient-access';
import type { Actor } from '../auth/actor';
import { agentOf, type AuditTrail } from '../audit/audit-trail';
import { AppError } from '../http/app-error';
import { observationsOf } from './vital-codes';
import { patientRecordGate } from './patient-record-gate';
import type { VitalsRepository } from './vitals-repository';

export interface VitalsServiceDeps {
  vitals: VitalsRepository;
  access: PatientAccess;
  trail: AuditTrail;
}

const recordedOtherwise = () =>
  new AppError('conflict', 'This reading was already recorded with other values.');

/**
 * Whether a resent reading is the one stored: the same measures, and the same time taken
 * when the resend gives one (without it, the first send's "now" stands).
 */
function sameReading(input: RecordVitals, stored: VitalsReading): boolean {
  if (input.takenAt !== undefined && Date.parse(input.takenAt) !== Date.parse(stored.takenAt)) {
    return false;
  }
  return vitalMeasures.every((measure) => input[measure] === stored[measure]);
}

/**
 * A patient's vitals: the patient records and reads their own, and a doctor who cares for
 * them does the same (the access policy's `read-record` and `write-record`). The path names
 * the patient; anyone else, and any id that is not a patient's, meets a missing patient.
 * Each reading is stored once per device id with its audit entry; every read of someone
 * else's readings is in the trail before it is answered.
 */
export function vitalsService(deps: VitalsServiceDeps) {
  const { vitals, trail } = deps;

  const requirePatient = patientRecordGate(deps);

  return {
    /** The patient's readings, newest first; each of someone else's shown is recorded. */
    async list(actor: Actor, patientId: string, query: VitalsQuery): Promise<VitalsReading[]> {
      await requirePatient(actor, 'read-record', patientId);
      const since = query.since === undefined ? undefined : new Date(query.since);
      const readings = await vitals.list(patientId, since);
      if (actsOnSomeoneElse(actor, patientId)) {
        await trail.noteEach(
          readings.map((reading) => ({
            type: 'observation-read',
            agent: agentOf(actor),
            entity: { type: 'observation', id: reading.id, subjectId: patientId },
            detail: { via: 'vitals' },
          })),
        );
      }
      return readings;
    },

    /**
     * Records a reading with the caller as its recorder, once: a resend of the same id with
     * the same measures answers the stored reading (created false) and stores nothing; with
     * other measures it is refused.
     */
    async record(
      actor: Actor,
      patientId: string,
      input: RecordVitals,
    ): Promise<{ reading: VitalsReading; created: boolean }> {
      await requirePatient(actor, 'write-record', patientId);
      const { id, takenAt, ...values } = input;
      const recorded = await trail.change(
        () =>
          vitals.record({
            readingId: id,
            patientId,
            // Stored to the millisecond, so a resend's time compares equal to the stored one.
            takenAt: takenAt === undefined ? new Date() : new Date(takenAt),
            recorderId: actor.caller.id,
            recorderRole: actor.caller.role,
            values,
          }),
        ({ created }) =>
          created
            ? {
                type: 'observation-created',
                agent: agentOf(actor),
                entity: { type: 'observation', id, subjectId: patientId },
                detail: { codes: observationsOf(values).map((observation) => observation.code) },
              }
            : null,
      );
      if (!recorded.created && !sameReading(input, recorded.reading)) throw recordedOtherwise();
      return recorded;
    },
  };
}

export type VitalsService = ReturnType<typeof vitalsService>;
