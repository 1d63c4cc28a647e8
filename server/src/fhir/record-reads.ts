import type { Bundle, FhirResource } from 'fhir/r4';
import { recordTypes, type RecordSearch, type RecordType } from '@shared/fhir';
import { clinicToday } from '@shared/clinic-time';
import { AppError } from '../http/app-error';
import type { FhirRecordRepository, RecordFilter } from './fhir-record-repository';
import type { FhirReader } from './fhir-reader';
import type { FhirReadings, ReadEntry } from './fhir-reading';
import { readOf } from './read-entries';
import { appointmentResource } from './resources/appointment';
import { consentResource, relatedPersonResource } from './resources/care-grant';
import { communicationResource } from './resources/communication';
import { documentReferenceResource } from './resources/document-reference';
import { encounterResource } from './resources/encounter';
import { medicationAdministrationResource } from './resources/medication-administration';
import { medicationRequestResource } from './resources/medication-request';
import type { RecordRow } from './resources/references';
import { allRows, missing, wholeRecordPage, type SearchPages } from './search-pages';
import {
  cursorOf,
  dateConditionsOf,
  pageSizeOf,
  patientReferenceOf,
  tokensOf,
} from './search-parameters';

/** A type of the record: its rows, how one is drawn, and how its read is entered in the trail. */
interface RecordKind<Row extends RecordRow> {
  rows: {
    read: (id: string) => Promise<Row | null>;
    search: (filter: RecordFilter) => Promise<Row[]>;
  };
  resource: (row: Row) => FhirResource;
  read: (row: Row) => ReadEntry;
}

/** What is done with a type of the record, whichever its rows are. */
type WithKind<T> = <Row extends RecordRow>(kind: RecordKind<Row>) => T;

/**
 * The patient's record beyond her vitals, a type at a time (visits, prescriptions, doses,
 * bookings, care-team messages, photos, the care circle): read by id, searched by patient
 * with the type's own parameters, and read whole for `$everything`.
 */
export function recordReads(deps: {
  record: FhirRecordRepository;
  readings: FhirReadings;
  pages: SearchPages;
  base: string;
  now: () => Date;
}) {
  const { record, readings, base, now } = deps;
  const { page, includer } = deps.pages;

  /** How each type of the record is stored, drawn and entered in the trail when read. */
  function withKind<T>(type: RecordType, use: WithKind<T>): T {
    switch (type) {
      case 'Encounter':
        return use({
          rows: record.encounters,
          resource: encounterResource,
          read: (row) => readOf('visit-read', 'visit', row),
        });
      case 'MedicationRequest':
        return use({
          rows: record.medicationRequests(clinicToday(now())),
          resource: medicationRequestResource,
          read: (row) => readOf('medication-read', 'medication-request', row),
        });
      case 'MedicationAdministration':
        return use({
          rows: record.medicationAdministrations,
          resource: medicationAdministrationResource,
          read: (row) => readOf('medication-read', 'medication-administration', row),
        });
      case 'Appointment':
        return use({
          rows: record.appointments,
          resource: appointmentResource,
          read: (row) => readOf('appointment-read', 'appointment', row),
        });
      case 'Communication':
        return use({
          rows: record.communications,
          resource: communicationResource,
          read: (row) => readOf('conversation-read', 'message', row),
        });
      case 'DocumentReference':
        return use({
          rows: record.documents,
          resource: (row) => documentReferenceResource(row, base),
          read: (row) => readOf('photo-read', 'photo', row),
        });
      case 'RelatedPerson':
        return use({
          rows: record.grants,
          resource: relatedPersonResource,
          read: (row) => readOf('patient-read', 'care-grant', row),
        });
      case 'Consent':
        return use({
          rows: record.grants,
          resource: consentResource,
          read: (row) => readOf('patient-read', 'care-grant', row),
        });
    }
  }

  /** A search of one type of the record: by patient, its date, status and last change. */
  async function searchIn<Row extends RecordRow>(
    kind: RecordKind<Row>,
    reader: FhirReader,
    type: RecordType,
    query: RecordSearch,
  ): Promise<Bundle> {
    const parameters = recordTypes[type];
    const named = [query.patient, parameters.subject ? query.subject : undefined]
      .filter((one): one is string => one !== undefined)
      .map((one, index) => patientReferenceOf(one, index === 0 ? 'patient' : 'subject'));
    const patientId = named[0] ?? null;
    const reading = await readings.of(reader, type, patientId);
    const include = includer(reader, type, query._include, patientId);
    // A parameter the type does not keep is refused: a client that asked for less must not
    // be handed more.
    for (const [name, kept] of [
      ['_lastUpdated', parameters.lastUpdated],
      ['status', parameters.status],
    ] as const) {
      if (!kept && query[name] !== undefined) {
        throw new AppError('validation_failed', `${type} is not searched by ${name}.`);
      }
    }
    const size = pageSizeOf(query._count);
    const dates =
      parameters.date === null ? [] : dateConditionsOf(query[parameters.date], parameters.date);
    const lastUpdated = dateConditionsOf(query._lastUpdated, '_lastUpdated');
    const after = cursorOf(query._cursor);
    const statuses =
      query.status === undefined ? null : tokensOf(query.status).map((token) => token.code);
    const rows = named.every((one) => one === patientId)
      ? await kind.rows.search({
          visible: reading.visible,
          patientId,
          statuses,
          dates,
          lastUpdated,
          after,
          limit: size + 1,
        })
      : [];
    await reading.note(rows.slice(0, size).map(kind.read));
    return page(
      type,
      query,
      rows,
      size,
      kind.resource,
      (row) => ({ at: row.at, id: row.id }),
      include,
    );
  }

  /** Every row of one type of a patient's record, a page at a time, as resources. */
  async function wholeOf<Row extends RecordRow>(
    kind: RecordKind<Row>,
    reader: FhirReader,
    type: RecordType,
    patientId: string,
  ): Promise<FhirResource[]> {
    const reading = await readings.of(reader, type, patientId);
    const rows = await allRows(
      async (after) => {
        const page = await kind.rows.search({
          visible: reading.visible,
          patientId,
          statuses: null,
          dates: [],
          lastUpdated: [],
          after,
          limit: wholeRecordPage,
        });
        await reading.note(page.map(kind.read));
        return page;
      },
      (row) => ({ at: row.at, id: row.id }),
    );
    return rows.map(kind.resource);
  }

  return {
    readRecord(reader: FhirReader, type: RecordType, id: string): Promise<FhirResource> {
      readings.check(reader, type);
      return withKind(type, async (kind) => {
        const row = await kind.rows.read(id);
        if (!row) throw missing(type, id);
        const reading = await readings.of(reader, type, row.patientId);
        if (!(await reading.may(row.patientId))) throw missing(type, id);
        await reading.note([kind.read(row)]);
        return kind.resource(row);
      });
    },

    /** A search of one type of the record: by patient, its date, status and last change. */
    searchRecord(reader: FhirReader, type: RecordType, query: RecordSearch): Promise<Bundle> {
      return withKind(type, (kind) => searchIn(kind, reader, type, query));
    },

    /** Every type of the patient's record that `reader` may read, whole, as resources. */
    async wholeRecord(reader: FhirReader, patientId: string): Promise<FhirResource[]> {
      const resources: FhirResource[] = [];
      for (const type of Object.keys(recordTypes) as RecordType[]) {
        if (!readings.covers(reader, type)) continue;
        resources.push(...(await withKind(type, (kind) => wholeOf(kind, reader, type, patientId))));
      }
      return resources;
    },
  };
}
