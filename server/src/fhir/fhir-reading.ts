import { sql, type Expression, type SqlBool } from 'kysely';
import { actsOnSomeoneElse, type PatientAccess } from '../access/patient-access';
import type { Actor } from '../auth/actor';
import type { MayActFor } from '../auth/require-user';
import { mayReadAudit } from '../audit/audit-access';
import { agentOf, systemAgentOf, type AuditTrail } from '../audit/audit-trail';
import type { AuditRecord } from '../audit/audit-repository';
import { AppError } from '../http/app-error';
import { scopesCover } from '../smart/smart-scopes';
import type { SupportedType } from './capability-statement';
import type { FhirReader, PersonReader, SystemReader } from './fhir-reader';

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

const everyPatient: Visible = () => sql<SqlBool>`true`;

/**
 * The reading of a request: a person reads as themselves or, for a request about one
 * patient who granted them, acting for that patient; the app's access rule decides. A system
 * reads every patient's resources of the types its token's scopes cover, and nothing else.
 */
export function fhirReadings(deps: FhirReadingDeps) {
  const { access, trail } = deps;

  async function actorOf(reader: PersonReader, patientId: string | null): Promise<Actor> {
    const { caller, address } = reader;
    const actingFor =
      patientId !== null &&
      patientId !== caller.id &&
      caller.role === 'patient' &&
      (await deps.mayActFor(caller.id, patientId));
    return { caller, address, onBehalfOf: actingFor ? patientId : null };
  }

  /** A system's reading: all of a covered type, and every read in the trail under its client. */
  function systemReading(reader: SystemReader): FhirReading {
    const { agent, detail } = systemAgentOf(reader.clientId, reader.address);
    return {
      // A system whose scopes cover AuditEvent was let read the trail when it was registered.
      mayReadTrail: true,
      noteTrailRead: (asked) =>
        trail.note({
          type: 'audit-read',
          agent,
          entity: { type: 'audit-trail', id: null },
          detail: { ...asked, via: 'fhir', ...detail },
        }),
      visible: everyPatient,
      may: () => Promise.resolve(true),
      async note(entries) {
        if (entries.length === 0) return;
        await trail.noteEach(
          entries.map((entry) => ({ ...entry, agent, detail: { via: 'fhir', ...detail } })),
        );
      },
    };
  }

  const readings = {
    /** Whether `reader` may read `type` at all: a person always may, a system as its scopes say. */
    covers(reader: FhirReader, type: SupportedType): boolean {
      return reader.kind !== 'system' || scopesCover(reader.scopes, type);
    },

    /**
     * Refuses, before anything is looked up, a system whose token's scopes do not cover
     * `type`: an id it may not read and one that does not exist then answer alike.
     */
    check(reader: FhirReader, type: SupportedType): void {
      if (!readings.covers(reader, type)) {
        throw new AppError(
          'forbidden',
          `Insufficient scope: the access token's scope does not cover ${type}.`,
        );
      }
    },

    /**
     * How `reader` reads resources of `type`, about `patientId` when the request names one
     * patient (null when it names none or several).
     */
    async of(reader: FhirReader, type: SupportedType, patientId: string | null) {
      readings.check(reader, type);
      if (reader.kind === 'system') return systemReading(reader);
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
  return readings;
}

export type FhirReadings = ReturnType<typeof fhirReadings>;
