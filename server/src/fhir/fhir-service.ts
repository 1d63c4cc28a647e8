import type {
  AuditEvent,
  Bundle,
  CapabilityStatement,
  FhirResource,
  Observation,
  Patient,
  Practitioner,
  Schedule,
  Slot,
} from 'fhir/r4';
import {
  recordTypes,
  type AuditEventSearch,
  type ScheduleSearch,
  type SlotSearch,
  type ObservationSearch,
  type PatientSearch,
  type PractitionerSearch,
  type RecordSearch,
  type RecordType,
} from '@shared/fhir';
import type { AuditEntityType, AuditType } from '@shared/audit';
import { clinicDayEnd, clinicDayStart, clinicToday } from '@shared/clinic-time';
import { lastBookableDay } from '@shared/appointments';
import { AppError } from '../http/app-error';
import { searchBundle, searchUrl } from './bundle';
import { capabilityStatement } from './capability-statement';
import { includedIds, includesOf, type IncludingType } from './includes';
import type { FhirRecordRepository, RecordFilter } from './fhir-record-repository';
import type { FhirRepository } from './fhir-repository';
import { appointmentResource } from './resources/appointment';
import { auditEventResource } from './resources/audit-event';
import {
  scheduleResource,
  slotId,
  slotOfId,
  slotResource,
  type Horizon,
} from './resources/schedule';
import { consentResource, relatedPersonResource } from './resources/care-grant';
import { communicationResource } from './resources/communication';
import { documentReferenceResource } from './resources/document-reference';
import { encounterResource } from './resources/encounter';
import { medicationAdministrationResource } from './resources/medication-administration';
import { medicationRequestResource } from './resources/medication-request';
import { practitionerResource } from './resources/practitioner';
import type { RecordRow } from './resources/references';
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
  referenceOf,
  tokensOf,
  type DateCondition,
  type PageCursor,
} from './search-parameters';

export interface FhirServiceDeps {
  fhir: FhirRepository;
  record: FhirRecordRepository;
  readings: FhirReadings;
  /** The doctors who keep hours, and one's free slots over the booking horizon (appointments). */
  schedules: {
    doctors(): Promise<{ id: string }[]>;
    freeSlots(doctorId: string): Promise<{ start: Date; end: Date }[] | null>;
  };
  /** The clock a prescription's status is read on (ended once its last clinic day passed). */
  now?: () => Date;
  /** The API's base URL on the server's public address (`…/fhir/R4`). */
  base: string;
  /** The SMART token endpoint's URL on the server's public address. */
  tokenUrl: string;
}

/** The days a patient may book on, as a Schedule's planning horizon. */
function horizon(): Horizon {
  const today = clinicToday();
  return { start: clinicDayStart(today), end: clinicDayEnd(lastBookableDay(today)) };
}

/** Whether a moment meets a date condition (the SQL of `search-sql.ts`, for rows in memory). */
function holds(condition: DateCondition, moment: Date): boolean {
  const at = moment.getTime();
  if (condition.kind === 'outside') {
    return at < condition.start.getTime() || at >= condition.end.getTime();
  }
  return (
    (condition.from === null || at >= condition.from.getTime()) &&
    (condition.before === null || at < condition.before.getTime())
  );
}

const trailRefused = () =>
  new AppError('forbidden', 'Only the super administrator reads the audit trail.');

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

/** How many rows a whole record's reading asks for at a time. */
const wholeRecordPage = 500;

/** Every row a paged read finds, asking page after page until one comes back short. */
async function allRows<Row>(
  pageAfter: (after: PageCursor | null) => Promise<Row[]>,
  cursor: (row: Row) => PageCursor,
): Promise<Row[]> {
  const all: Row[] = [];
  let after: PageCursor | null = null;
  for (;;) {
    const rows = await pageAfter(after);
    all.push(...rows);
    const last = rows.at(-1);
    if (rows.length < wholeRecordPage || last === undefined) return all;
    after = cursor(last);
  }
}

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

const readOf = (type: AuditType, entity: AuditEntityType, row: RecordRow): ReadEntry => ({
  type,
  entity: { type: entity, id: row.id, subjectId: row.patientId },
});

/**
 * The FHIR R4 API's reads and searches. Who may see what is the app's one access rule
 * (`access/patient-access.ts`), for the caller as themselves, or, for a request about a
 * patient who granted them, acting for that patient; a record they may not read is missing.
 * A registered system reads every patient's resources of the types its token's scopes cover,
 * and is refused (403) any other type. Every resource of someone else's that is answered is in
 * the audit trail first (`fhir-reading.ts`).
 */
export function fhirService(deps: FhirServiceDeps) {
  const { fhir, record, readings, base, tokenUrl } = deps;
  const now = deps.now ?? (() => new Date());

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

  const observationRead = (row: ObservationRow): ReadEntry => ({
    type: 'observation-read',
    entity: { type: 'observation', id: row.id, subjectId: row.patientId },
  });

  const patientRead = (row: PatientRow): ReadEntry => ({
    type: 'patient-read',
    entity: { type: 'patient-record', id: row.id, subjectId: row.id },
  });

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

  /** A page of rows as a Bundle, with a `next` link while more remain. */
  async function page<R>(
    type: string,
    query: Record<string, string | string[] | undefined>,
    rows: R[],
    size: number,
    resourceOf: (row: R) => FhirResource,
    cursor: (row: R) => PageCursor,
    include: (shown: FhirResource[]) => Promise<FhirResource[]> = () => Promise.resolve([]),
  ): Promise<Bundle> {
    const shown = rows.slice(0, size);
    const last = shown.at(-1);
    const next =
      rows.length > size && last !== undefined
        ? searchUrl(base, type, { ...query, _cursor: cursorText(cursor(last)) })
        : null;
    const resources = shown.map(resourceOf);
    return searchBundle({
      base,
      resources,
      self: searchUrl(base, type, query),
      next,
      included: await include(resources),
    });
  }

  /**
   * The people a page refers to, as its `_include`s ask: the patients among them the reader
   * may read (each read audited as any other), and the doctors.
   */
  function includer(
    reader: FhirReader,
    type: IncludingType,
    raw: string | string[] | undefined,
    patientId: string | null,
  ) {
    const includes = includesOf(type, raw);
    return async (shown: FhirResource[]): Promise<FhirResource[]> => {
      const ids = includedIds(shown, includes);
      const found: FhirResource[] = [];
      if (ids.Patient.length > 0) {
        const reading = await readings.of(reader, 'Patient', patientId);
        const patients = await fhir.searchPatients({
          visible: reading.visible,
          ids: ids.Patient,
          lastUpdated: [],
          after: null,
          limit: ids.Patient.length,
        });
        await reading.note(patients.map(patientRead));
        found.push(...patients.map(patientResource));
      }
      if (ids.Practitioner.length > 0) {
        await readings.of(reader, 'Practitioner', null);
        const doctors = await fhir.searchPractitioners({
          ids: ids.Practitioner,
          lastUpdated: [],
          after: null,
          limit: ids.Practitioner.length,
        });
        found.push(...doctors.map(practitionerResource));
      }
      return found;
    };
  }

  return {
    metadata(): CapabilityStatement {
      return capabilityStatement(base, tokenUrl);
    },

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

    /** An entry of the audit trail: the super administrator's to read, as the app's trail is. */
    async readAuditEvent(reader: FhirReader, id: string): Promise<AuditEvent> {
      const reading = await readings.of(reader, 'AuditEvent', null);
      if (!reading.mayReadTrail) throw trailRefused();
      const row = await fhir.auditEvent(id);
      if (!row) throw missing('AuditEvent', id);
      await reading.noteTrailRead({ record: id });
      return auditEventResource(row);
    },

    async searchAuditEvents(reader: FhirReader, query: AuditEventSearch): Promise<Bundle> {
      const reading = await readings.of(reader, 'AuditEvent', null);
      if (!reading.mayReadTrail) throw trailRefused();
      const after = cursorOf(query._cursor);
      if (after !== null && !/^[1-9]\d{0,17}$/.test(after.id)) {
        throw new AppError('validation_failed', '_cursor is not one this server gave.');
      }
      const size = pageSizeOf(query._count);
      const patientId =
        query.patient === undefined ? null : patientReferenceOf(query.patient, 'patient');
      const rows = await fhir.searchAuditEvents({
        patientId,
        recorded: dateConditionsOf(query.date, 'date'),
        after,
        limit: size + 1,
      });
      await reading.noteTrailRead({ record: patientId, date: query.date });
      return page('AuditEvent', query, rows, size, auditEventResource, (row) => ({
        at: row.recordedAt,
        id: row.id,
      }));
    },

    /** A doctor's hours: anyone the API lets in may see when a doctor can be booked. */
    async readSchedule(reader: FhirReader, id: string): Promise<Schedule> {
      await readings.of(reader, 'Schedule', null);
      const doctors = await deps.schedules.doctors();
      if (!doctors.some((doctor) => doctor.id === id)) throw missing('Schedule', id);
      return scheduleResource(id, horizon());
    },

    async searchSchedules(reader: FhirReader, query: ScheduleSearch): Promise<Bundle> {
      await readings.of(reader, 'Schedule', null);
      const size = pageSizeOf(query._count);
      const after = cursorOf(query._cursor);
      const ids = query._id === undefined ? null : tokensOf(query._id).map((token) => token.code);
      const actor =
        query.actor === undefined ? null : referenceOf(query.actor, 'actor', 'Practitioner');
      const rows = (await deps.schedules.doctors())
        .map((doctor) => doctor.id)
        .filter((id) => (ids === null || ids.includes(id)) && (actor === null || id === actor))
        .sort()
        .filter((id) => after === null || id > after.id);
      const planned = horizon();
      return page(
        'Schedule',
        query,
        rows,
        size,
        (id) => scheduleResource(id, planned),
        (id) => ({
          at: planned.start,
          id,
        }),
      );
    },

    /** A free slot of a doctor's: it stays one while nobody books it and its start is ahead. */
    async readSlot(reader: FhirReader, id: string): Promise<Slot> {
      await readings.of(reader, 'Slot', null);
      const named = slotOfId(id);
      const free = named && (await deps.schedules.freeSlots(named.doctorId));
      const slot = free?.find((one) => one.start.getTime() === named?.start.getTime());
      if (!named || !slot) throw missing('Slot', id);
      return slotResource({ doctorId: named.doctorId, ...slot });
    },

    /** One schedule's free slots, earliest first: the booking horizon, by start. */
    async searchSlots(reader: FhirReader, query: SlotSearch): Promise<Bundle> {
      await readings.of(reader, 'Slot', null);
      if (query.schedule === undefined) {
        throw new AppError('validation_failed', 'Slot is searched by schedule, as Schedule/<id>.');
      }
      const doctorId = referenceOf(query.schedule, 'schedule', 'Schedule');
      const size = pageSizeOf(query._count);
      const after = cursorOf(query._cursor);
      const starts = dateConditionsOf(query.start, 'start');
      // Only free slots are kept; one asked for in another status is none of them.
      const free =
        query.status === undefined || tokensOf(query.status).some((token) => token.code === 'free');
      const rows = ((free && (await deps.schedules.freeSlots(doctorId))) || [])
        .map((slot) => ({ doctorId, ...slot }))
        .filter((slot) => starts.every((condition) => holds(condition, slot.start)))
        .filter((slot) => after === null || slot.start > after.at);
      return page('Slot', query, rows, size, slotResource, (slot) => ({
        at: slot.start,
        id: slotId(slot),
      }));
    },

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
     * under the same rule and audited as a search of it is.
     */
    async everything(reader: FhirReader, id: string): Promise<Bundle> {
      const patient = await this.readPatient(reader, id);
      const vitals = await readings.of(reader, 'Observation', id);
      const observations = await allRows(
        async (after) => {
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
      const record: FhirResource[] = [patient, ...observations.map(observationResource)];
      for (const type of Object.keys(recordTypes) as RecordType[]) {
        record.push(...(await withKind(type, (kind) => wholeOf(kind, reader, type, id))));
      }
      const doctors = [
        ...new Set(JSON.stringify(record).match(/"Practitioner\/[A-Za-z0-9\-.]{1,64}"/g) ?? []),
      ].map((reference) => reference.slice('"Practitioner/'.length, -1));
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
