import type {
  Bundle,
  CapabilityStatement,
  FhirResource,
  Observation,
  Patient,
  Practitioner,
} from 'fhir/r4';
import type { ObservationSearch, PatientSearch, PractitionerSearch } from '@shared/fhir';
import { auditEventReads } from './audit-event-reads';
import { searchBundle } from './bundle';
import { capabilityStatement } from './capability-statement';
import { practitionersIn } from './includes';
import type { FhirRecordRepository } from './fhir-record-repository';
import type { FhirReader } from './fhir-reader';
import type { FhirReadings } from './fhir-reading';
import type { FhirRepository } from './fhir-repository';
import { observationRead, patientRead } from './read-entries';
import { recordReads } from './record-reads';
import { observationResource, storedCodesOf } from './resources/observation';
import { patientResource } from './resources/patient';
import { practitionerResource } from './resources/practitioner';
import { scheduleReads, type Schedules } from './schedule-reads';
import { allRows, missing, searchPages, wholeRecordPage } from './search-pages';
import {
  cursorOf,
  dateConditionsOf,
  pageSizeOf,
  patientReferenceOf,
  tokensOf,
} from './search-parameters';

export interface FhirServiceDeps {
  fhir: FhirRepository;
  record: FhirRecordRepository;
  readings: FhirReadings;
  /** The doctors who keep hours, and one's free slots over the booking horizon (appointments). */
  schedules: Schedules;
  /** The clock a prescription's status is read on (ended once its last clinic day passed). */
  now?: () => Date;
  /** The API's base URL on the server's public address (`…/fhir/R4`). */
  base: string;
  /** The SMART token endpoint's URL on the server's public address. */
  tokenUrl: string;
}

const loinc = 'http://loinc.org';
const categorySystem = 'http://terminology.hl7.org/CodeSystem/observation-category';

/** The LOINC codes of a `code` search, or null for all; another system's codes match none. */
function codesOf(raw: string | undefined): string[] | null {
  if (raw === undefined) return null;
  return tokensOf(raw)
    .filter((token) => token.system === null || token.system === loinc)
    .flatMap((token) => storedCodesOf(token.code));
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
 * the audit trail first (`fhir-reading.ts`). The record's other types, the trail and the
 * doctors' schedules each have a module of their own; this one composes them.
 */
export function fhirService(deps: FhirServiceDeps) {
  const { fhir, readings, base, tokenUrl } = deps;
  const pages = searchPages({ fhir, readings, base });
  const { page, includer } = pages;
  const records = recordReads({
    record: deps.record,
    readings,
    pages,
    base,
    now: deps.now ?? (() => new Date()),
  });

  return {
    metadata(): CapabilityStatement {
      return capabilityStatement(base, tokenUrl);
    },
    ...records,
    ...auditEventReads({ fhir, readings, pages }),
    ...scheduleReads({ schedules: deps.schedules, readings, pages }),

    /** A doctor: their name is the network's to show to anyone it lets read the API. */
    async readPractitioner(reader: FhirReader, id: string): Promise<Practitioner> {
      await readings.of(reader, 'Practitioner', null);
      const row = await fhir.practitioner(id);
      if (!row) throw missing('Practitioner', id);
      return practitionerResource(row);
    },

    async searchPractitioners(reader: FhirReader, query: PractitionerSearch): Promise<Bundle> {
      await readings.of(reader, 'Practitioner', null);
      const size = pageSizeOf(query._count);
      const rows = await fhir.searchPractitioners({
        ids: query._id === undefined ? null : tokensOf(query._id).map((token) => token.code),
        lastUpdated: dateConditionsOf(query._lastUpdated, '_lastUpdated'),
        after: cursorOf(query._cursor),
        limit: size + 1,
      });
      return page('Practitioner', query, rows, size, practitionerResource, (row) => ({
        at: row.updatedAt,
        id: row.id,
      }));
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
      const include = includer(reader, 'Observation', query._include, patientId);
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
      return page(
        'Observation',
        query,
        rows,
        size,
        observationResource,
        (row) => ({ at: row.effectiveAt, id: row.id }),
        include,
      );
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

    /**
     * `Patient/$everything`: the patient and her whole record in one Bundle (the right of
     * access: Profile → "Download my record"), with the doctors it names. Each type is read
     * under the same rule and audited as a search of it is; a system gets the types its
     * scopes cover (the Patient's own among them), as the operation allows.
     */
    async everything(reader: FhirReader, id: string): Promise<Bundle> {
      const patient = await this.readPatient(reader, id);
      const vitals = readings.covers(reader, 'Observation')
        ? await readings.of(reader, 'Observation', id)
        : undefined;
      const observations = await allRows(
        async (after) => {
          if (vitals === undefined) return [];
          const rows = await fhir.searchObservations({
            visible: vitals.visible,
            patientId: id,
            codes: null,
            effective: [],
            lastUpdated: [],
            after,
            limit: wholeRecordPage,
          });
          await vitals.note(rows.map(observationRead));
          return rows;
        },
        (row) => ({ at: row.effectiveAt, id: row.id }),
      );
      const record: FhirResource[] = [
        patient,
        ...observations.map(observationResource),
        ...(await records.wholeRecord(reader, id)),
      ];
      const doctors = readings.covers(reader, 'Practitioner') ? practitionersIn(record) : [];
      const named =
        doctors.length === 0
          ? []
          : await fhir.searchPractitioners({
              ids: doctors,
              lastUpdated: [],
              after: null,
              limit: doctors.length,
            });
      return searchBundle({
        base,
        resources: record,
        self: `${base}/Patient/${id}/$everything`,
        next: null,
        included: named.map(practitionerResource),
      });
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
