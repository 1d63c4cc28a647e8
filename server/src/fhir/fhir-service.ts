import type { Bundle, CapabilityStatement, FhirResource, Observation, Patient } from 'fhir/r4';
import type { ObservationSearch, PatientSearch } from '@shared/fhir';
import { actsOnSomeoneElse, type PatientAccess } from '../access/patient-access';
import type { Actor } from '../auth/actor';
import type { Caller } from '../auth/callers';
import type { MayActFor } from '../auth/require-user';
import { agentOf, type AuditTrail } from '../audit/audit-trail';
import type { AuditRecord } from '../audit/audit-repository';
import { AppError } from '../http/app-error';
import { searchBundle, searchUrl } from './bundle';
import { capabilityStatement } from './capability-statement';
import type { FhirRepository, Visible } from './fhir-repository';
import { observationResource, type ObservationRow } from './resources/observation';
import { patientResource, type PatientRow } from './resources/patient';
import {
  cursorOf,
  cursorText,
  dateConditionsOf,
  pageSizeOf,
  patientReferenceOf,
  tokensOf,
  type PageCursor,
} from './search-parameters';

export interface FhirServiceDeps {
  fhir: FhirRepository;
  access: PatientAccess;
  trail: AuditTrail;
  /** Whether the caller holds a grant of the patient's: then they read as acting for them. */
  mayActFor: MayActFor;
  /** The API's base URL on the server's public address (`…/fhir/R4`). */
  base: string;
}

const missing = (type: string, id: string) =>
  new AppError('not_found', `${type}/${id} is not known.`);

const loinc = 'http://loinc.org';
const categorySystem = 'http://terminology.hl7.org/CodeSystem/observation-category';

/** The LOINC codes of a `code` search, or null for all; another system's codes match none. */
function codesOf(raw: string | undefined): string[] | null {
  if (raw === undefined) return null;
  return tokensOf(raw)
    .filter((token) => token.system === null || token.system === loinc)
    .map((token) => token.code);
}

/** Whether a token search (`status`, `category`) admits the one value every row has. */
function admits(raw: string | undefined, system: string, code: string): boolean {
  if (raw === undefined) return true;
  return tokensOf(raw).some(
    (token) => token.code === code && (token.system === null || token.system === system),
  );
}

/**
 * The FHIR R4 API's reads and searches. Who may see what is the app's one access rule
 * (`access/patient-access.ts`), for the caller as themselves, or, for a request about a
 * patient who granted them, acting for that patient; a record they may not read is missing.
 * Every resource of someone else's that is answered is in the audit trail first.
 */
export function fhirService(deps: FhirServiceDeps) {
  const { fhir, access, trail, base } = deps;

  async function actorFor(caller: Caller, address: string, patientId: string | null) {
    const actingFor =
      patientId !== null &&
      patientId !== caller.id &&
      caller.role === 'patient' &&
      (await deps.mayActFor(caller.id, patientId));
    return { caller, address, onBehalfOf: actingFor ? patientId : null } satisfies Actor;
  }

  const visibleTo =
    (actor: Actor): Visible =>
    (patient) =>
      access.permits(actor, 'read-record', patient);

  async function noteReads(actor: Actor, records: AuditRecord[]): Promise<void> {
    const others = records.filter((record) =>
      actsOnSomeoneElse(actor, record.entity.subjectId ?? null),
    );
    if (others.length > 0) await trail.noteEach(others);
  }

  const observationRead = (actor: Actor, row: ObservationRow): AuditRecord => ({
    type: 'observation-read',
    agent: agentOf(actor),
    entity: { type: 'observation', id: row.id, subjectId: row.patientId },
    detail: { via: 'fhir' },
  });

  const patientRead = (actor: Actor, row: PatientRow): AuditRecord => ({
    type: 'patient-read',
    agent: agentOf(actor),
    entity: { type: 'patient-record', id: row.id, subjectId: row.id },
    detail: { via: 'fhir' },
  });

  /** A page of rows as a Bundle, with a `next` link while more remain. */
  function page<R>(
    type: string,
    query: Record<string, string | string[] | undefined>,
    rows: R[],
    size: number,
    resourceOf: (row: R) => FhirResource,
    cursor: (row: R) => PageCursor,
  ): Bundle {
    const shown = rows.slice(0, size);
    const last = shown.at(-1);
    const next =
      rows.length > size && last !== undefined
        ? searchUrl(base, type, { ...query, _cursor: cursorText(cursor(last)) })
        : null;
    return searchBundle({
      base,
      resources: shown.map(resourceOf),
      self: searchUrl(base, type, query),
      next,
    });
  }

  return {
    metadata(): CapabilityStatement {
      return capabilityStatement(base);
    },

    async readObservation(caller: Caller, address: string, id: string): Promise<Observation> {
      const row = await fhir.observation(id);
      if (!row) throw missing('Observation', id);
      const actor = await actorFor(caller, address, row.patientId);
      if (!(await access.can(actor, 'read-record', row.patientId))) {
        throw missing('Observation', id);
      }
      await noteReads(actor, [observationRead(actor, row)]);
      return observationResource(row);
    },

    async searchObservations(
      caller: Caller,
      address: string,
      query: ObservationSearch,
    ): Promise<Bundle> {
      const named = [query.patient, query.subject]
        .filter((one): one is string => one !== undefined)
        .map((one, index) => patientReferenceOf(one, index === 0 ? 'patient' : 'subject'));
      const patientId = named[0] ?? null;
      const actor = await actorFor(caller, address, patientId);
      const size = pageSizeOf(query._count);
      const effective = dateConditionsOf(query.date, 'date');
      const lastUpdated = dateConditionsOf(query._lastUpdated, '_lastUpdated');
      const after = cursorOf(query._cursor);
      // Every stored vital is final and a vital sign; a search for anything else finds none.
      const possible =
        named.every((one) => one === patientId) &&
        admits(query.status, 'http://hl7.org/fhir/observation-status', 'final') &&
        admits(query.category, categorySystem, 'vital-signs');
      const rows = possible
        ? await fhir.searchObservations({
            visible: visibleTo(actor),
            patientId,
            codes: codesOf(query.code),
            effective,
            lastUpdated,
            after,
            limit: size + 1,
          })
        : [];
      await noteReads(
        actor,
        rows.slice(0, size).map((row) => observationRead(actor, row)),
      );
      return page('Observation', query, rows, size, observationResource, (row) => ({
        at: row.effectiveAt,
        id: row.id,
      }));
    },

    async readPatient(caller: Caller, address: string, id: string): Promise<Patient> {
      const row = await fhir.patient(id);
      if (!row) throw missing('Patient', id);
      const actor = await actorFor(caller, address, row.id);
      if (!(await access.can(actor, 'read-record', row.id))) throw missing('Patient', id);
      await noteReads(actor, [patientRead(actor, row)]);
      return patientResource(row);
    },

    async searchPatients(caller: Caller, address: string, query: PatientSearch): Promise<Bundle> {
      const ids = query._id === undefined ? null : tokensOf(query._id).map((token) => token.code);
      // Asked for one patient, one who granted the caller reads as them.
      const [only, ...more] = ids ?? [];
      const actor = await actorFor(caller, address, more.length === 0 ? (only ?? null) : null);
      const size = pageSizeOf(query._count);
      const rows = await fhir.searchPatients({
        visible: visibleTo(actor),
        ids,
        lastUpdated: dateConditionsOf(query._lastUpdated, '_lastUpdated'),
        after: cursorOf(query._cursor),
        limit: size + 1,
      });
      await noteReads(
        actor,
        rows.slice(0, size).map((row) => patientRead(actor, row)),
      );
      return page('Patient', query, rows, size, patientResource, (row) => ({
        at: row.updatedAt,
        id: row.id,
      }));
    },
  };
}

export type FhirService = ReturnType<typeof fhirService>;
