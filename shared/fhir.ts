import * as z from 'zod/mini';

/**
 * The FHIR R4 API (`/fhir/R4`): what its routes take and answer. A resource is checked
 * against the official R4 definitions in the tests (two validators made apart); here it is
 * only what every resource is, so each route still declares its answer.
 */

export { fhirBasePath, fhirJsonType } from './fhir-paths';

/** What every FHIR resource has; the rest is the resource type's own. */
export interface FhirResourceJson {
  resourceType: string;
  id?: string;
}

/** Any FHIR resource, as the API answers it: its own fields pass through untouched. */
export const fhirResourceSchema: z.ZodMiniType<FhirResourceJson> = z.looseObject({
  resourceType: z.string(),
  id: z.optional(z.string()),
});

/** A logical id (FHIR `id`: 1–64 of letters, digits, `-` and `.`). */
export const fhirIdSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9\-.]{1,64}$/, 'The id is not a FHIR id.'));

export const fhirReadParamsSchema = z.object({ id: fhirIdSchema });

/** How many entries a search page holds when the client does not say, and at most. */
export const fhirPageSizes = { default: 20, max: 100 } as const;

/** A search parameter that may be given once or repeated (`date=ge…&date=le…`). */
const repeatable = z.optional(z.union([z.string(), z.array(z.string())]));

/** What every search takes: the page size and the page (`_cursor`, from a `next` link). */
const pagingParams = {
  _count: z.optional(z.string()),
  _cursor: z.optional(z.string()),
  _lastUpdated: repeatable,
};

/** `GET /fhir/R4/Patient`. */
export const patientSearchSchema = z.object({
  _id: z.optional(z.string()),
  ...pagingParams,
});

/** `GET /fhir/R4/Observation`: a patient's vitals. */
export const observationSearchSchema = z.object({
  patient: z.optional(z.string()),
  subject: z.optional(z.string()),
  code: z.optional(z.string()),
  date: repeatable,
  status: z.optional(z.string()),
  category: z.optional(z.string()),
  _include: repeatable,
  ...pagingParams,
});
export type ObservationSearch = z.infer<typeof observationSearchSchema>;

/** `GET /fhir/R4/AuditEvent`: the audit trail, by whose record and when. */
export const auditEventSearchSchema = z.object({
  patient: z.optional(z.string()),
  date: repeatable,
  _count: z.optional(z.string()),
  _cursor: z.optional(z.string()),
});
export type AuditEventSearch = z.infer<typeof auditEventSearchSchema>;

/** `GET /fhir/R4/Schedule`: the doctors' hours, by doctor. */
export const scheduleSearchSchema = z.object({
  _id: z.optional(z.string()),
  actor: z.optional(z.string()),
  _count: z.optional(z.string()),
  _cursor: z.optional(z.string()),
});
export type ScheduleSearch = z.infer<typeof scheduleSearchSchema>;

/** `GET /fhir/R4/Slot`: one schedule's free slots, by start. */
export const slotSearchSchema = z.object({
  schedule: z.optional(z.string()),
  start: repeatable,
  status: z.optional(z.string()),
  _count: z.optional(z.string()),
  _cursor: z.optional(z.string()),
});
export type SlotSearch = z.infer<typeof slotSearchSchema>;

/** `GET /fhir/R4/Practitioner`: the network's doctors. */
export const practitionerSearchSchema = z.object({
  _id: z.optional(z.string()),
  ...pagingParams,
});
export type PractitionerSearch = z.infer<typeof practitionerSearchSchema>;

/**
 * The types of a patient's record searched by patient, with the name FHIR gives each one's
 * date parameter and whether it also names the patient as `subject`.
 */
export const recordTypes = {
  Encounter: { date: 'date', subject: true, status: true, lastUpdated: true },
  MedicationRequest: { date: 'authoredon', subject: true, status: true, lastUpdated: true },
  MedicationAdministration: {
    date: 'effective-time',
    subject: true,
    status: true,
    lastUpdated: true,
  },
  // A booking keeps no moment of its last change (a move, a cancelling).
  Appointment: { date: 'date', subject: false, status: true, lastUpdated: false },
  Communication: { date: 'sent', subject: true, status: true, lastUpdated: true },
  DocumentReference: { date: 'date', subject: true, status: true, lastUpdated: true },
  // The care circle: a grant's person, and what they may do. A grant keeps when it was made,
  // not when its permissions last changed; a RelatedPerson has no date or status to search.
  RelatedPerson: { date: null, subject: false, status: false, lastUpdated: false },
  Consent: { date: 'date', subject: false, status: true, lastUpdated: false },
} as const;
export type RecordType = keyof typeof recordTypes;
export type RecordDateParameter = NonNullable<(typeof recordTypes)[RecordType]['date']>;

/**
 * A search of one of the record's types. Each type reads its own date parameter (and
 * `_lastUpdated` when it keeps one); a parameter of another type's is one this type does not
 * read: refused under `Prefer: handling=strict`, else left out and told back in the Bundle
 * (`server/src/fhir/search-handling.ts`).
 */
export const recordSearchSchema = z.object({
  patient: z.optional(z.string()),
  subject: z.optional(z.string()),
  status: z.optional(z.string()),
  date: repeatable,
  authoredon: repeatable,
  'effective-time': repeatable,
  sent: repeatable,
  _include: repeatable,
  ...pagingParams,
});
export type RecordSearch = z.infer<typeof recordSearchSchema>;
export type PatientSearch = z.infer<typeof patientSearchSchema>;
