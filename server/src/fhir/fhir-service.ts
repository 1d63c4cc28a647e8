import type { Bundle, CapabilityStatement, FhirResource, Observation, Patient } from 'fhir/r4';
import type { ObservationSearch, PatientSearch } from '@shared/fhir';
import { AppError } from '../http/app-error';
import { searchBundle, searchUrl } from './bundle';
import { capabilityStatement } from './capability-statement';
import type { FhirRepository } from './fhir-repository';
import type { FhirReader } from './fhir-reader';
import type { FhirReadings, ReadEntry } from './fhir-reading';
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
  readings: FhirReadings;
  /** The API's base URL on the server's public address (`…/fhir/R4`). */
  base: string;
  /** The SMART token endpoint's URL on the server's public address. */
  tokenUrl: string;
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
 * A registered system reads every patient's resources of the types its token's scopes cover,
 * and is refused (403) any other type. Every resource of someone else's that is answered is in
 * the audit trail first (`fhir-reading.ts`).
 */
export function fhirService(deps: FhirServiceDeps) {
  const { fhir, readings, base, tokenUrl } = deps;

  const observationRead = (row: ObservationRow): ReadEntry => ({
    type: 'observation-read',
    entity: { type: 'observation', id: row.id, subjectId: row.patientId },
  });

  const patientRead = (row: PatientRow): ReadEntry => ({
    type: 'patient-read',
    entity: { type: 'patient-record', id: row.id, subjectId: row.id },
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
      return capabilityStatement(base, tokenUrl);
    },

    async readObservation(reader: FhirReader, id: string): Promise<Observation> {
      readings.check(reader, 'Observation');
      const row = await fhir.observation(id);
      if (!row) throw missing('Observation', id);
      const reading = await readings.of(reader, 'Observation', row.patientId);
      if (!(await reading.may(row.patientId))) throw missing('Observation', id);
      await reading.note([observationRead(row)]);
      return observationResource(row);
    },

    async searchObservations(reader: FhirReader, query: ObservationSearch): Promise<Bundle> {
      const named = [query.patient, query.subject]
        .filter((one): one is string => one !== undefined)
        .map((one, index) => patientReferenceOf(one, index === 0 ? 'patient' : 'subject'));
      const patientId = named[0] ?? null;
      const reading = await readings.of(reader, 'Observation', patientId);
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
            visible: reading.visible,
            patientId,
            codes: codesOf(query.code),
            effective,
            lastUpdated,
            after,
            limit: size + 1,
          })
        : [];
      await reading.note(rows.slice(0, size).map(observationRead));
      return page('Observation', query, rows, size, observationResource, (row) => ({
        at: row.effectiveAt,
        id: row.id,
      }));
    },

    async readPatient(reader: FhirReader, id: string): Promise<Patient> {
      readings.check(reader, 'Patient');
      const row = await fhir.patient(id);
      if (!row) throw missing('Patient', id);
      const reading = await readings.of(reader, 'Patient', row.id);
      if (!(await reading.may(row.id))) throw missing('Patient', id);
      await reading.note([patientRead(row)]);
      return patientResource(row);
    },

    async searchPatients(reader: FhirReader, query: PatientSearch): Promise<Bundle> {
      const ids = query._id === undefined ? null : tokensOf(query._id).map((token) => token.code);
      // Asked for one patient, one who granted the caller reads as them.
      const [only, ...more] = ids ?? [];
      const reading = await readings.of(
        reader,
        'Patient',
        more.length === 0 ? (only ?? null) : null,
      );
      const size = pageSizeOf(query._count);
      const rows = await fhir.searchPatients({
        visible: reading.visible,
        ids,
        lastUpdated: dateConditionsOf(query._lastUpdated, '_lastUpdated'),
        after: cursorOf(query._cursor),
        limit: size + 1,
      });
      await reading.note(rows.slice(0, size).map(patientRead));
      return page('Patient', query, rows, size, patientResource, (row) => ({
        at: row.updatedAt,
        id: row.id,
      }));
    },
  };
}

export type FhirService = ReturnType<typeof fhirService>;
