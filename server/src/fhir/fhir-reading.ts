import type { Expression, SqlBool } from 'kysely';
import { actsOnSomeoneElse, type PatientAccess } from '../access/patient-access';
import type { Actor } from '../auth/actor';
import type { MayActFor } from '../auth/require-user';
import { mayReadAudit } from '../audit/audit-access';
import { agentOf, type AuditTrail } from '../audit/audit-trail';
import type { AuditRecord } from '../audit/audit-repository';
import type { SupportedType } from './capability-statement';
import type { FhirReader } from './fhir-reader';

/** Which patients' rows a search may return: the access rule, as SQL over a patient id column. */
export type Visible = (patient: Expression<string>) => Expression<SqlBool>;

/** A read to record: what was read, and whose it is. The reading adds who read it. */
export type ReadEntry = Pick<AuditRecord, 'type' | 'entity'>;

/**
 * What one request may read through the FHIR API, asked once: which patients' rows
 * (as SQL for a search, and for one patient), and how its reads of others' records go
 * into the audit trail.
 */
export interface FhirReading {
  visible: Visible;
  may(patientId: string): Promise<boolean>;
  /** Records the reads of someone else's record; a read that cannot be recorded is not served. */
  note(entries: readonly ReadEntry[]): Promise<void>;
  /** Whether the reader may read the audit trail, as the app's one rule for it says. */
  mayReadTrail: boolean;
  /** Records a read of the audit trail, whoever's entries it shows. */
  noteTrailRead(detail: Record<string, unknown>): Promise<void>;
}

export interface FhirReadingDeps {
  access: PatientAccess;
  trail: AuditTrail;
  /** Whether the caller holds a grant of the patient's: then they read as acting for them. */
  mayActFor: MayActFor;
}

/**
 * The reading of a request: a person reads as themselves or, for a request about one
 * patient who granted them, acting for that patient; the app's access rule decides.
 */
export function fhirReadings(deps: FhirReadingDeps) {
  const { access, trail } = deps;

  async function actorOf(reader: FhirReader, patientId: string | null): Promise<Actor> {
    const { caller, address } = reader;
    const actingFor =
      patientId !== null &&
      patientId !== caller.id &&
      caller.role === 'patient' &&
      (await deps.mayActFor(caller.id, patientId));
    return { caller, address, onBehalfOf: actingFor ? patientId : null };
  }

  return {
    /**
     * How `reader` reads resources of `type`, about `patientId` when the request names one
     * patient (null when it names none or several).
     */
    async of(reader: FhirReader, _type: SupportedType, patientId: string | null) {
      const actor = await actorOf(reader, patientId);
      const agent = agentOf(actor);
      return {
        mayReadTrail: mayReadAudit(actor),
        noteTrailRead: (detail) =>
          trail.note({
            type: 'audit-read',
            agent,
            entity: { type: 'audit-trail', id: null },
            detail: { ...detail, via: 'fhir' },
          }),
        visible: (patient) => access.permits(actor, 'read-record', patient),
        may: (patient) => access.can(actor, 'read-record', patient),
        async note(entries) {
          const others = entries
            .filter((entry) => actsOnSomeoneElse(actor, entry.entity.subjectId ?? null))
            .map((entry): AuditRecord => ({
              ...entry,
              agent,
              detail: { via: 'fhir' },
            }));
          if (others.length > 0) await trail.noteEach(others);
        },
      } satisfies FhirReading;
    },
  };
}

export type FhirReadings = ReturnType<typeof fhirReadings>;
