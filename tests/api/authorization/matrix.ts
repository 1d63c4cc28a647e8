import { createECDH, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { CarePermissions } from '@shared/care-circle';
import type { Bundle, FhirResource, Observation } from 'fhir/r4';
import { recordTypes, type RecordType } from '@shared/fhir';
import type { Chart } from '@shared/chart';
import { addClinicDays, clinicMoment, clinicToday } from '@shared/clinic-time';
import type { Appointment, DoctorListEntry } from '@shared/appointments';
import type { Dose, Medication } from '@shared/medications';
import type { HmisReport } from '@shared/hmis';
import type { PatientList } from '@shared/patient-list';
import type { PeoplePage } from '@shared/people';
import type { Conversation } from '@shared/messaging';
import type { Role } from '@shared/role';
import type { Upload } from '@shared/uploads';
import type { VisitStatus } from '@shared/visits';
import type { VitalsReading } from '@shared/vitals';
import type { Answer } from '../auth/client';
import type { Caller, World } from './world';
import { clinicKey } from './world';
import { testPushServiceHost } from '../support/test-server';
import { tokenHash } from '../../../server/src/care-circle/care-circle-service';
import { tokenHash as staffTokenHash } from '../../../server/src/people/people-service';
import { smartConfigurationPath, smartTokenPath } from '@shared/smart';
import { assertion, registerSystem, systemKey, tokenForm, type SystemKey } from '../smart/fixture';

/**
 * Who may call a route:
 * - `public`: anyone, signed in or not;
 * - `signed-in`: any signed-in account (signed out: 401);
 * - `roles`: these roles only (signed out: 401, other roles: 403);
 * - `owner`: any signed-in account, on its own resource (another patient's: 404 or 403),
 *   and the roles of `alsoRoles` on anyone's;
 * - `record`: part of a patient's record, by the one access policy: the patient's own, and a
 *   doctor who cares for the patient (the matrix's doctor cares for the demo patient, whose
 *   resource is "another's" for every role but patient).
 * - `patient-record`: the same, at a path that names the patient (`/api/patients/:patientId/…`):
 *   the patient themselves, and the doctor on the demo patient; any other caller, at their
 *   own id too, meets a patient that does not exist (404).
 * - `prescriber`: the same path, but only the doctor on the demo patient: the patient at their
 *   own record hears that only a doctor may (403), anyone else meets a missing patient (404).
 * - `doctor-hours`: a doctor's hours (`/api/doctors/:doctorId/…`): the doctor themselves on
 *   their own, and a manager on any doctor's; anyone else meets a doctor that does not exist
 *   (404). "Another's" is another doctor's.
 *
 * A route whose call needs a resource has `prepare`: for `owner` routes, one owned by the
 * caller or by another patient; for the others, one made for the caller's cell.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  | { kind: 'roles'; roles: Role[] }
  | { kind: 'owner'; alsoRoles: Role[] }
  | { kind: 'record' }
  | { kind: 'patient-record' }
  | { kind: 'prescriber' }
  | { kind: 'doctor-hours' };

export const everyone: Access = { kind: 'public' };
export const signedIn: Access = { kind: 'signed-in' };
export const owner: Access = { kind: 'owner', alsoRoles: [] };
export const ownerOr = (...roles: Role[]): Access => ({ kind: 'owner', alsoRoles: roles });
export const only = (...roles: Role[]): Access => ({ kind: 'roles', roles });
export const record: Access = { kind: 'record' };
export const patientRecord: Access = { kind: 'patient-record' };
export const prescriber: Access = { kind: 'prescriber' };
export const doctorHours: Access = { kind: 'doctor-hours' };

/**
 * What a caregiver acting for a patient (naming them in the acting-for header, or an event
 * stream's `for`) needs for the route to act on that patient's data: a permission of the
 * grant ("See my health record", "Message my care team for me", "Book and join visits for
 * me"), or any one of several; `guardian`, adding to the record, which only a dependent's
 * guardian may; `never`, no grant lends it (shaping the care circle, the trail, a doctor's or
 * staff's work); `self`, the route is the caller's own account whoever they name, and acts on
 * the caregiver, never on the patient; `named-record`, the FHIR API, which reads no header:
 * the request names the patient (a search's `patient`, a resource's own), and "See my health
 * record" reads it.
 */
export type CareNeed =
  | keyof CarePermissions
  | readonly (keyof CarePermissions)[]
  | 'guardian'
  | 'never'
  | 'self'
  | 'named-record';

/** What a matrix cell sends: a concrete path and, for writes, a JSON body, raw bytes or a form. */
export interface Call {
  path: string;
  body?: Record<string, unknown>;
  bytes?: { data: Buffer; contentType: string };
  /** Sent as `application/x-www-form-urlencoded` (the SMART token endpoint). */
  form?: Record<string, string>;
}

export interface CallContext {
  world: World;
  caller: Caller;
  /** For `owner` routes: the id `prepare` made for the resource's owner (the caller or another). */
  resource: string;
}

export interface MatrixEntry {
  /** The route as the server registered it: method, space, URL pattern. */
  route: `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} ${string}`;
  access: Access;
  /** Who may call it for a patient they care for (`caregiver-matrix.test.ts`). */
  forPatient: CareNeed;
  /** For entries of a mount like `/api/auth/*`: the endpoint under it, named in the test. */
  endpoint?: string;
  /** A well-formed call; the authorization test sends it, the bad-input test bends it. */
  call(context: CallContext): Call;
  /** Answers that show the caller was let through (default: 200). */
  allowed?: number[];
  /**
   * Creates the resource the call acts on and returns its id (once per user): for `owner`
   * routes one owned by `user`, for the others one `user` may act on.
   */
  prepare?(world: World, user: Caller): Promise<string>;
  /** The answer is an event stream left open: the cell checks status and headers, then hangs up. */
  stream?: true;
  /** Body fields that may be left out or null: the bad-input test expects no refusal then. */
  optional?: string[];
  /**
   * Query parameters the route reads, for the bad-input test: `free` takes any text,
   * `checked` only a well-formed value (anything else must be refused).
   */
  query?: Record<string, 'free' | 'checked'>;
  /** More to assert on an answer that let the caller through (what it shows, not only its status). */
  check?(answer: Answer, context: CallContext): Promise<void> | void;
}

/** A browser's push subscription at the test servers' push service. */
function browserSubscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://${testPushServiceHost}/push/${randomUUID()}`,
    keys: { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

/** A 1×1 PNG. */
export const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The user's photo, sent as the web app sends it. */
export async function photoOf(world: World, user: Caller): Promise<string> {
  // The bad-input test sends photos by the hundred as this account, past its upload rate;
  // the rate itself is tested in uploads.test.ts.
  await sql`delete from rate_limit_counters where key = ${`uploads:account:${user.userId}`}`.execute(
    world.server.database.db,
  );
  const id = randomUUID();
  const response = await fetch(`${world.server.url}/api/uploads/${id}`, {
    method: 'PUT',
    headers: {
      cookie: user.client().cookieHeader(),
      origin: world.server.url,
      'content-type': 'image/png',
    },
    body: png,
  });
  if (response.status !== 201) throw new Error(`the photo was not stored: ${response.status}`);
  // The photo's own id, as its URL names it (`/api/uploads/<id>/content`).
  const { url } = (await response.json()) as Upload;
  return url.split('/')[3]!;
}

/**
 * A conversation the user takes part in: a patient's own care-team conversation, or
 * for another role a conversation with the user as its participant (no route makes
 * one yet, but taking part is what the access rule looks at).
 */
async function conversationOf(world: World, user: Caller): Promise<string> {
  if (user.role === 'patient') {
    const answer = await user
      .client()
      .post<{ conversation: { id: string } | null }>('/api/messaging/care-team');
    if (!answer.body.conversation) throw new Error(`no care-team conversation: ${answer.status}`);
    return answer.body.conversation.id;
  }
  const id = randomUUID();
  await sql`insert into conversations (id, title, participant_ids)
    values (${id}, 'Matrix', array[${user.userId}]::text[])`.execute(world.server.database.db);
  return id;
}

/** Ids of the rows a query finds, sorted, to compare with what an answer lists. */
async function ids(world: World, query: ReturnType<typeof sql<{ id: string }>>): Promise<string[]> {
  const { rows } = await query.execute(world.server.database.db);
  return rows.map((row) => row.id).sort();
}

/** The account's verified phone number: a second factor only its owner may remove. */
async function phoneFactor(world: World, user: Caller): Promise<string> {
  const digits = String(Math.abs(hash(user.userId ?? '')))
    .padStart(9, '0')
    .slice(0, 9);
  await sql`update "user" set "phoneNumber" = ${`+9779${digits}`}, "phoneNumberVerified" = true
    where id = ${user.userId}`.execute(world.server.database.db);
  const answer = await user.client().get<{ id: string; factor_type: string }[]>('/api/mfa/factors');
  const phone = answer.body.find((factor) => factor.factor_type === 'phone');
  if (!phone) throw new Error('the phone factor was not listed');
  return phone.id;
}

/** An account that never signs in: the other side of a visit the matrix prepares. */
async function bareAccount(world: World): Promise<string> {
  const id = randomUUID();
  await sql`insert into "user" (id, name, email, "emailVerified")
    values (${id}, 'Matrix', ${`${id}@example.com`}, true)`.execute(world.server.database.db);
  return id;
}

/**
 * A visit in `status` the user takes part in: as its doctor when `side` says so (or the user
 * is a doctor), else as its patient, with an account that never signs in on the other side.
 * A patient has one open visit at a time, so one an earlier entry made for the user gives
 * way. Taking part is what the access rules look at, whatever the role.
 */
export function visitOf(status: VisitStatus, side?: 'patient' | 'doctor') {
  return async (world: World, user: Caller): Promise<string> => {
    const { db } = world.server.database;
    const other = await bareAccount(world);
    const asDoctor = (side ?? (user.role === 'doctor' ? 'doctor' : 'patient')) === 'doctor';
    const patientId = asDoctor ? other : user.userId;
    const doctorId = status === 'queued' ? null : asDoctor ? user.userId : other;
    await sql`update visits set status = 'cancelled', ended_at = now()
      where patient_id = ${patientId} and status in ('queued', 'waiting', 'in_progress')`.execute(
      db,
    );
    const id = randomUUID();
    const started = status !== 'queued';
    const inCall = status === 'in_progress' || status === 'finished';
    await sql`insert into visits (id, patient_id, doctor_id, status, type, priority, reason,
        started_at, doctor_joined_at, doctor_seen_at, patient_joined_at, patient_seen_at,
        in_progress_at, ended_at)
      values (${id}, ${patientId}, ${doctorId}, ${status}, 'video', 'routine', 'Matrix visit',
        ${started ? sql`now()` : null}, ${started ? sql`now()` : null},
        ${started ? sql`now()` : null}, ${inCall ? sql`now()` : null},
        ${inCall ? sql`now()` : null}, ${inCall ? sql`now()` : null},
        ${status === 'finished' ? sql`now()` : null})`.execute(db);
    return id;
  };
}

/** A queued visit of an account that never signs in: any doctor may start it. */
async function queuedVisit(world: World): Promise<string> {
  const id = randomUUID();
  await sql`insert into visits (id, patient_id, status, type, priority, reason)
    values (${id}, ${await bareAccount(world)}, 'queued', 'video', 'routine', 'Matrix visit')`.execute(
    world.server.database.db,
  );
  return id;
}

/** The caller's own account id: as a patient, the record the path names. */
function ownId(_world: World, user: Caller): Promise<string> {
  if (user.userId === null) return Promise.reject(new Error('a signed-out caller has no id'));
  return Promise.resolve(user.userId);
}

/** Whose record a FHIR resource of the record is: its subject, or the patient it names. */
function patientOfResource(resource: FhirResource): string | undefined {
  if (resource.resourceType === 'Appointment') return resource.participant[0]?.actor?.reference;
  if (resource.resourceType === 'RelatedPerson' || resource.resourceType === 'Consent') {
    return resource.patient?.reference;
  }
  const subject = 'subject' in resource ? resource.subject : undefined;
  return Array.isArray(subject) ? undefined : subject?.reference;
}

/** One resource of each record type the FHIR API serves, in the user's record. */
const recordOf: Record<RecordType, (world: World, user: Caller) => Promise<string>> = {
  Encounter: visitOf('finished', 'patient'),
  async MedicationRequest(world, user) {
    const id = randomUUID();
    await sql`insert into medication_requests (id, patient_id, prescriber_id, medicine, dose,
        times, start_day)
      values (${id}, ${user.userId}, ${await bareAccount(world)}, 'Amlodipine 5 mg', '1 tablet',
        array['morning']::text[], ${clinicToday()})`.execute(world.server.database.db);
    return id;
  },
  async MedicationAdministration(world, user) {
    const request = await recordOf.MedicationRequest(world, user);
    const id = randomUUID();
    await sql`insert into medication_administrations (id, request_id, patient_id, day,
        time_of_day, taken_at, recorder_id, recorder_role)
      values (${id}, ${request}, ${user.userId}, ${clinicToday()}, 'morning', now(),
        ${user.userId}, 'patient')`.execute(world.server.database.db);
    return id;
  },
  async Appointment(world, user) {
    const id = randomUUID();
    const day = addClinicDays(clinicToday(), 1);
    await sql`insert into appointments (id, patient_id, doctor_id, status, starts_at, ends_at,
        day, booked_by)
      values (${id}, ${user.userId}, ${await bareAccount(world)}, 'booked',
        ${clinicMoment(day, '10:00')}, ${clinicMoment(day, '10:15')}, ${day},
        ${user.userId})`.execute(world.server.database.db);
    return id;
  },
  async Communication(world, user) {
    const { db } = world.server.database;
    // Her care-team conversation: the one she has, else a new one.
    await sql`insert into conversations (id, title, participant_ids, is_care_team,
        care_team_patient_id)
      values (${randomUUID()}, 'Care team', array[${user.userId}]::text[], true,
        ${user.userId})
      on conflict (care_team_patient_id) do nothing`.execute(db);
    const { rows } = await sql<{ id: string }>`select id from conversations
      where care_team_patient_id = ${user.userId}`.execute(db);
    const conversation = rows[0]?.id;
    const id = randomUUID();
    await sql`insert into messages (id, conversation_id, sender_id, content)
      values (${id}, ${conversation}, ${user.userId}, 'Namaste')`.execute(db);
    return id;
  },
  DocumentReference: photoOf,
  RelatedPerson: careGrantOf,
  Consent: careGrantOf,
};

/** A grant of the user's care circle to someone who never signs in. */
async function careGrantOf(world: World, user: Caller): Promise<string> {
  const id = randomUUID();
  await sql`insert into care_grants (id, patient_id, caregiver_id, relationship, may_record,
      may_message, may_visits)
    values (${id}, ${user.userId}, ${await bareAccount(world)}, 'son', true, false, false)`.execute(
    world.server.database.db,
  );
  return id;
}

/**
 * The rest of the patient's record through FHIR: each type read by id and searched by patient,
 * under the same rule as her vitals. A shared photo is a patient's only, as Patient is.
 */
function recordTypeEntries(): MatrixEntry[] {
  return (Object.keys(recordTypes) as RecordType[]).flatMap((type): MatrixEntry[] => [
    {
      route: `GET /fhir/R4/${type}/:id`,
      access: type === 'DocumentReference' ? patientRecord : record,
      forPatient: 'named-record',
      prepare: recordOf[type],
      call: ({ resource }) => ({ path: `/fhir/R4/${type}/${resource}` }),
      check(answer, { resource }) {
        expect(answer.body).toMatchObject({ resourceType: type, id: resource });
      },
    },
    {
      route: `GET /fhir/R4/${type}`,
      access: signedIn,
      forPatient: 'named-record',
      call: ({ caller }) => ({ path: `/fhir/R4/${type}?patient=${caller.userId ?? ''}` }),
      query: {
        ...(recordTypes[type].date ? { [recordTypes[type].date]: 'checked' } : {}),
        _count: 'checked',
        ...(recordTypes[type].lastUpdated ? { _lastUpdated: 'checked' } : {}),
        patient: 'free',
        ...(recordTypes[type].status ? { status: 'free' } : {}),
        _include: 'checked',
      },
      // Only the patient the search names.
      check(answer, { caller }) {
        const found = ((answer.body as Bundle).entry ?? []).map((entry) =>
          patientOfResource(entry.resource as FhirResource),
        );
        expect(found.every((patient) => patient === `Patient/${caller.userId}`)).toBe(true);
      },
    },
  ]);
}

/** One observation of the user's: a heart rate they took now. */
async function observationOf(world: World, user: Caller): Promise<string> {
  const id = randomUUID();
  await sql`insert into observations (id, reading_id, patient_id, code, value, unit, effective_at,
      recorder_id, recorder_role)
    values (${id}, ${randomUUID()}, ${user.userId}, '8867-4', 72, '/min', now(), ${user.userId},
      'patient')`.execute(world.server.database.db);
  return id;
}

/** A reading as the vitals form sends it: under a fresh id, with a blood pressure. */
function vitalsReading(): Record<string, unknown> {
  return {
    id: randomUUID(),
    takenAt: new Date(Date.now() - 60 * 60_000).toISOString(),
    heartRate: 72,
    systolic: 118,
    diastolic: 76,
  };
}

/** A prescription as the doctor's form sends it: under a fresh id, ongoing from today. */
function prescription(): Record<string, unknown> {
  return {
    id: randomUUID(),
    medicine: 'Amlodipine 5 mg',
    dose: { amount: 1, form: 'tablet' },
    food: 'after',
    times: ['morning', 'night'],
    startDay: clinicToday(),
    days: 14,
    note: 'With water',
  };
}

/**
 * A prescription of the user's, due at every time of day since yesterday (so each of today's
 * doses is one, whenever the test runs), as
 * `<patient id> <prescription id>`: the path names both, the dose taken names the second.
 */
export async function medicationOf(world: World, user: Caller): Promise<string> {
  const id = randomUUID();
  await sql`insert into medication_requests (id, patient_id, prescriber_id, medicine, dose, times,
      start_day)
    values (${id}, ${user.userId}, ${world.byRole.doctor.userId}, 'Matrix 5 mg', '1 tablet',
      array['morning', 'midday', 'evening', 'night']::text[],
      ${addClinicDays(clinicToday(), -1)}::date)`.execute(world.server.database.db);
  return `${user.userId} ${id}`;
}

/** The patient and prescription ids of a `medicationOf` resource. */
function medicationParts(resource: string): { patientId: string; medicationId: string } {
  const [patientId = '', medicationId = ''] = resource.split(' ');
  return { patientId, medicationId };
}

function hash(text: string): number {
  let value = 0;
  for (const char of text) value = (value * 31 + char.charCodeAt(0)) | 0;
  return value;
}

/** A doctor account that never signs in, with hours every day, all day, in 15-minute slots. */
async function doctorWithHours(world: World): Promise<string> {
  const { db } = world.server.database;
  const id = await bareAccount(world);
  await sql`insert into profiles (id, role, first_name) values (${id}, 'doctor', 'Matrix')
    on conflict (id) do update set role = 'doctor'`.execute(db);
  await sql`insert into doctor_hours (doctor_id, slot_minutes) values (${id}, 15)`.execute(db);
  await sql`insert into doctor_working_days (doctor_id, weekday, start_minute, end_minute)
    select ${id}, weekday, 0, 1439 from generate_series(0, 6) as weekday`.execute(db);
  return id;
}

/** The user's own doctor id when they are a doctor, else another doctor's (with hours). */
async function hoursOf(world: World, user: Caller): Promise<string> {
  return user.role === 'doctor' && user.userId !== null ? user.userId : doctorWithHours(world);
}

/** A slot of tomorrow (clinic time) as the booking form sends it. */
function tomorrowAt(time: string): string {
  return clinicMoment(addClinicDays(clinicToday(), 1), time).toISOString();
}

/**
 * An appointment the user is the patient of (whatever their role: being its patient is what
 * the rules look at) with a doctor who never signs in, booked for tomorrow 09:00, or
 * `startsInMs` from now. A check-in needs no open visit of the patient: earlier ones give way.
 */
export function appointmentOf(startsInMs?: number) {
  return async (world: World, user: Caller): Promise<string> => {
    const { db } = world.server.database;
    const doctorId = await doctorWithHours(world);
    const startsAt =
      startsInMs === undefined
        ? tomorrowAt('09:00')
        : new Date(Date.now() + startsInMs).toISOString();
    await sql`update visits set status = 'cancelled', ended_at = now()
      where patient_id = ${user.userId} and status in ('queued', 'waiting', 'in_progress')`.execute(
      db,
    );
    const id = randomUUID();
    await sql`insert into appointments (id, patient_id, doctor_id, status, starts_at, ends_at, day,
        reason)
      values (${id}, ${user.userId}, ${doctorId}, 'booked', ${startsAt}::timestamptz,
        ${startsAt}::timestamptz + interval '15 minutes',
        (${startsAt}::timestamptz at time zone 'Asia/Kathmandu')::date, 'Matrix appointment')`.execute(
      db,
    );
    return id;
  };
}

let invitations = 0;

/** A pending care-circle invitation of `patientId`'s to `email`, and its link's token. */
async function invitation(world: World, patientId: string, email: string): Promise<string> {
  invitations += 1;
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const token = [...randomBytes(52)].map((byte) => alphabet[byte & 31]).join('');
  await sql`insert into care_invitations (id, patient_id, email, relationship, may_record,
      may_message, may_visits, token_hash, expires_at)
    values (${randomUUID()}, ${patientId}, ${email}, 'son', true, false, false,
      ${tokenHash(token)}, now() + interval '7 days')`.execute(world.server.database.db);
  return token;
}

/** The user's own pending invitation (whatever their role: the rules look at the caller). */
async function ownInvitation(world: World, user: Caller): Promise<string> {
  // Signed out, someone's: the demo patient's.
  const owner = user.userId ?? world.byRole.patient.userId!;
  const token = await invitation(world, owner, `invited-${invitations}@example.com`);
  const row = await sql<{ id: string }>`select id from care_invitations
    where token_hash = ${tokenHash(token)}`.execute(world.server.database.db);
  return row.rows[0]!.id;
}

/**
 * A grant of the user's to an account that never signs in: a caregiver no other cell is, so
 * the grant lends no test caller anything.
 */
async function ownGrant(world: World, signedIn: Caller): Promise<string> {
  // Signed out, someone's: the demo patient's.
  const user = signedIn.userId === null ? world.byRole.patient : signedIn;
  const id = randomUUID();
  await sql`insert into care_grants (id, patient_id, caregiver_id, relationship, may_record,
      may_message, may_visits)
    values (${id}, ${user.userId}, ${await bareAccount(world)}, 'sibling', true, false,
      false)`.execute(world.server.database.db);
  return id;
}

/** An invitation to the user's own address from a patient who is not them. */
async function invitationTo(world: World, user: Caller): Promise<string> {
  // From a patient no cell is: accepting it lends no test caller another's record.
  return invitation(world, await bareAccount(world), user.email ?? 'nobody@example.com');
}

/**
 * A family member of the user's without a login, the user their guardian (signed out: the
 * demo patient's).
 */
async function ownDependent(world: World, user: Caller): Promise<string> {
  const guardian = user.userId ?? world.byRole.patient.userId!;
  const id = randomUUID();
  const db = world.server.database.db;
  await sql`insert into "user" (id, name, email, "emailVerified", "twoFactorEnabled")
    values (${id}, 'Maya Sharma', ${`dependent-${id}@dependents.sewa.invalid`}, false, false)`.execute(
    db,
  );
  await sql`insert into profiles (id, first_name, last_name, date_system, age, role)
    values (${id}, 'Maya', 'Sharma', 'ad', 6, 'patient')`.execute(db);
  await sql`insert into care_grants (id, patient_id, caregiver_id, relationship, may_record,
      may_message, may_visits, guardian)
    values (${randomUUID()}, ${id}, ${guardian}, 'daughter', true, true, true, true)`.execute(db);
  return id;
}

/** A pending invitation giving a new dependent of the demo patient's their own login. */
async function loginInvitation(world: World): Promise<string> {
  const dependent = await ownDependent(world, world.byRole.patient);
  const token = await invitation(
    world,
    world.byRole.patient.userId!,
    `maya-${dependent}@example.com`,
  );
  await sql`update care_invitations set dependent_id = ${dependent}
    where token_hash = ${tokenHash(token)}`.execute(world.server.database.db);
  return token;
}

let signUps = 0;

/**
 * Every API route and who may call it. A route the server registers without an
 * entry here fails the authorization test. The account system's mount
 * (`/api/auth/*`) is one route for many endpoints, so it has several entries.
 */
/** A system's public key, as the superadmin registers it: ES384 (P-384), made once. */
const systemPublicJwk = {
  ...generateKeyPairSync('ec', { namedCurve: 'P-384' }).publicKey.export({ format: 'jwk' }),
  kid: 'matrix-system',
};

/** The matrix's registered system in each world, with the key it signs with. */
const systems = new WeakMap<World, Promise<{ id: string; key: SystemKey }>>();

/** An assertion of the world's registered system, signed now with a jti of its own. */
async function systemAssertion(world: World): Promise<string> {
  let system = systems.get(world);
  if (system === undefined) {
    system = systemKey('RS384').then(async (key) => ({
      key,
      id: await registerSystem(
        world.server.database.db,
        key.publicJwk,
        ['system/Observation.rs'],
        world.byRole.superadmin.userId ?? '',
      ),
    }));
    systems.set(world, system);
  }
  const { id, key } = await system;
  return assertion(world.server.url, id, key);
}

/** A registered system for the superadmin to remove. */
function smartClientOf(world: World): Promise<string> {
  return registerSystem(
    world.server.database.db,
    systemPublicJwk,
    ['system/*.rs'],
    world.byRole.superadmin.userId ?? '',
  );
}

/**
 * A doctor of the demo clinic, the demo admin's, who never signs in: someone each manager of
 * people may act on without touching an account another cell signs in with.
 */
async function clinicDoctor(world: World): Promise<string> {
  const id = await bareAccount(world);
  await sql`insert into profiles (id, first_name, role, clinic_id)
    values (${id}, 'Matrix', 'doctor',
      (select clinic_id from profiles where id = ${world.byRole.admin.userId}))`.execute(
    world.server.database.db,
  );
  return id;
}

let staffInvitations = 0;

/** A pending staff invitation to the demo clinic, and its link's token. */
async function staffInvitation(world: World): Promise<string> {
  staffInvitations += 1;
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const token = [...randomBytes(52)].map((byte) => alphabet[byte & 31]).join('');
  await sql`insert into staff_invitations (id, email, role, clinic_id, language, token_hash,
      expires_at)
    values (${randomUUID()}, ${`staff-${staffInvitations}-${Date.now().toString(36)}@example.com`},
      'doctor', (select clinic_id from profiles where id = ${world.byRole.admin.userId}), 'en',
      ${staffTokenHash(token)}, now() + interval '7 days')`.execute(world.server.database.db);
  return token;
}

export const matrix: MatrixEntry[] = [
  {
    route: 'GET /api/health',
    access: everyone,
    forPatient: 'self',
    call: () => ({ path: '/api/health' }),
  },
  { route: 'GET /api/me', access: signedIn, forPatient: 'self', call: () => ({ path: '/api/me' }) },
  {
    route: 'GET /api/mfa/factors',
    access: signedIn,
    forPatient: 'self',
    call: () => ({ path: '/api/mfa/factors' }),
  },
  {
    route: 'GET /api/figures/today',
    access: only('manager'),
    forPatient: 'never',
    call: () => ({ path: '/api/figures/today' }),
  },
  {
    route: 'GET /api/figures/network',
    access: only('admin', 'superadmin'),
    forPatient: 'never',
    call: () => ({ path: '/api/figures/network' }),
  },
  {
    route: 'GET /api/clinics',
    access: only('superadmin'),
    forPatient: 'never',
    call: () => ({ path: '/api/clinics' }),
  },
  {
    route: 'POST /api/clinics',
    access: only('superadmin'),
    forPatient: 'never',
    call: () => ({
      path: '/api/clinics',
      body: { name: 'Matrix Clinic', orgUnitCode: `MX-${randomUUID().slice(0, 8)}` },
    }),
    allowed: [201],
  },
  {
    route: 'PATCH /api/clinics/:clinicId',
    access: only('superadmin'),
    forPatient: 'never',
    prepare: async (world) => {
      const id = randomUUID();
      await sql`insert into clinics (id, name, org_unit_code)
        values (${id}, 'Matrix Clinic', ${`MX-${id.slice(0, 8)}`})`.execute(
        world.server.database.db,
      );
      return id;
    },
    call: ({ resource }) => ({
      path: `/api/clinics/${resource}`,
      body: { name: 'Matrix Clinic, renamed' },
    }),
    optional: ['name', 'orgUnitCode'],
  },
  {
    route: 'PUT /api/clinics/staff/:userId',
    access: only('superadmin'),
    forPatient: 'never',
    // The demo doctor stays in the demo clinic: the HMIS report's cells count on it.
    prepare: async (world) =>
      (
        await sql<{ clinic_id: string }>`select clinic_id from profiles
          where id = ${world.byRole.doctor.userId}`.execute(world.server.database.db)
      ).rows[0]!.clinic_id,
    call: ({ world, resource }) => ({
      path: `/api/clinics/staff/${world.byRole.doctor.userId}`,
      body: { clinicId: resource },
    }),
    optional: ['clinicId'],
  },
  {
    route: 'GET /api/clinic-settings',
    access: only('admin', 'superadmin'),
    forPatient: 'never',
    // The demo administrator's clinic, the demo clinic: the super administrator names it.
    call: ({ world }) => ({ path: `/api/clinic-settings?clinicId=${world.demoClinicId}` }),
  },
  {
    route: 'PUT /api/clinic-settings',
    access: only('admin', 'superadmin'),
    forPatient: 'never',
    call: ({ world }) => ({
      path: `/api/clinic-settings?clinicId=${world.demoClinicId}`,
      body: {
        name: 'Sewa Virtual Clinic',
        contactPhone: '',
        address: '',
        visitMinutes: 15,
        announcement: null,
      },
    }),
  },
  {
    route: 'GET /api/announcements',
    access: signedIn,
    forPatient: 'self',
    call: () => ({ path: '/api/announcements' }),
  },
  {
    route: 'GET /api/hmis/report',
    access: only('superadmin', 'manager'),
    forPatient: 'never',
    call: () => ({ path: '/api/hmis/report?period=208307' }),
    query: { period: 'checked' },
    // The superadmin reports every clinic; a manager only their own.
    async check(answer, { world, caller }) {
      const clinics = (answer.body as HmisReport).clinics.map((row) => row.clinic?.id);
      const theirs = await ids(
        world,
        sql<{ id: string }>`select c.id from clinics c where ${caller.role === 'superadmin'}
          or c.id = (select clinic_id from profiles where id = ${caller.userId})`,
      );
      expect(clinics.sort()).toEqual(theirs);
    },
  },
  {
    route: 'POST /api/hmis/report/send',
    access: only('superadmin', 'manager'),
    forPatient: 'never',
    call: () => ({ path: '/api/hmis/report/send', body: { period: '208307', dryRun: true } }),
  },
  {
    route: 'GET /api/audit',
    access: only('superadmin'),
    forPatient: 'never',
    call: () => ({ path: '/api/audit?limit=5' }),
  },
  {
    route: 'GET /api/audit/export',
    access: only('superadmin'),
    forPatient: 'never',
    call: () => ({ path: '/api/audit/export?type=login' }),
  },
  {
    route: 'GET /api/audit/paused-accounts',
    access: only('superadmin'),
    forPatient: 'never',
    call: () => ({ path: '/api/audit/paused-accounts' }),
  },
  {
    route: 'GET /api/audit/my-record',
    access: signedIn,
    forPatient: 'self',
    call: () => ({ path: '/api/audit/my-record' }),
  },
  {
    route: 'GET /api/push/public-key',
    access: everyone,
    forPatient: 'self',
    call: () => ({ path: '/api/push/public-key' }),
  },
  {
    route: 'POST /api/push/subscriptions',
    access: signedIn,
    forPatient: 'self',
    call: () => ({ path: '/api/push/subscriptions', body: browserSubscription() }),
    allowed: [201, 204],
  },
  {
    route: 'DELETE /api/push/subscriptions',
    access: signedIn,
    forPatient: 'self',
    call: () => ({
      path: '/api/push/subscriptions',
      body: { endpoint: browserSubscription().endpoint },
    }),
    allowed: [204],
  },
  {
    route: 'GET /api/notifications/settings',
    access: signedIn,
    forPatient: 'self',
    call: () => ({ path: '/api/notifications/settings' }),
  },
  {
    route: 'PATCH /api/notifications/settings',
    access: signedIn,
    forPatient: 'self',
    call: () => ({
      path: '/api/notifications/settings',
      body: {
        texts: true,
        medicationReminders: false,
        quietHours: { start: '21:00', end: '07:00' },
        language: 'en',
      },
    }),
    optional: ['texts', 'medicationReminders', 'quietHours', 'language'],
  },
  {
    route: 'GET /api/notifications/records',
    access: only('superadmin'),
    forPatient: 'never',
    call: () => ({ path: '/api/notifications/records' }),
    query: { before: 'checked' },
  },
  {
    route: 'DELETE /api/mfa/factors/:id',
    access: owner,
    forPatient: 'self',
    prepare: phoneFactor,
    // A wrong password keeps the factor for the next caller; 400 means the owner got through.
    call: ({ resource }) => ({
      path: `/api/mfa/factors/${resource}`,
      body: { password: 'not the password' },
    }),
    allowed: [400],
  },
  {
    route: 'POST /api/clinic/verify',
    access: everyone,
    forPatient: 'self',
    call: () => ({ path: '/api/clinic/verify', body: { clinicKey } }),
  },
  {
    route: 'GET /api/dev/mail',
    access: everyone,
    forPatient: 'self',
    call: () => ({ path: '/api/dev/mail' }),
  },
  {
    route: 'GET /dev/mail',
    access: everyone,
    forPatient: 'self',
    call: () => ({ path: '/dev/mail' }),
  },
  {
    route: 'GET /api/profile/clinics',
    access: signedIn,
    forPatient: 'self',
    call: () => ({ path: '/api/profile/clinics' }),
  },
  {
    route: 'PUT /api/profile',
    access: signedIn,
    forPatient: 'self',
    call: () => ({
      path: '/api/profile',
      body: { first_name: 'Sita', last_name: 'Sharma', date_system: 'ad', dob_ad: '1990-04-14' },
    }),
    optional: ['last_name', 'dob_ad'],
  },

  // Photos.
  {
    route: 'PUT /api/uploads/:id',
    access: signedIn,
    forPatient: 'guardian',
    call: () => ({
      path: `/api/uploads/${randomUUID()}`,
      bytes: { data: png, contentType: 'image/png' },
    }),
    allowed: [201],
  },
  {
    route: 'GET /api/uploads/:id/content',
    access: record,
    forPatient: 'record',
    prepare: photoOf,
    call: ({ resource }) => ({ path: `/api/uploads/${resource}/content` }),
    check(answer) {
      expect(answer.headers.get('content-type')).toBe('image/png');
    },
  },
  {
    route: 'GET /api/uploads',
    access: signedIn,
    forPatient: 'record',
    call: () => ({ path: '/api/uploads' }),
    // Only the caller's own photos, never another's (nor a doctor's view of the care team's).
    async check(answer, { world, caller }) {
      const own = await ids(
        world,
        sql<{ id: string }>`select id from uploads where owner_id = ${caller.userId}`,
      );
      expect((answer.body as Upload[]).map((upload) => upload.id).sort()).toEqual(own);
    },
  },

  // Messaging.
  {
    route: 'GET /api/messaging/conversations',
    access: signedIn,
    forPatient: 'message',
    call: () => ({ path: '/api/messaging/conversations' }),
    query: { q: 'free' },
    // The caller's own conversations, and for a doctor every care-team conversation too.
    async check(answer, { world, caller }) {
      const readable = await ids(
        world,
        sql<{ id: string }>`select id from conversations
          where participant_ids @> array[${caller.userId}]::text[]
             or (is_care_team and ${caller.role === 'doctor'})`,
      );
      const listed = (answer.body as Conversation[]).map((conversation) => conversation.id);
      expect(listed.sort()).toEqual(readable);
    },
  },
  {
    route: 'GET /api/messaging/care-team',
    access: signedIn,
    forPatient: 'message',
    call: () => ({ path: '/api/messaging/care-team' }),
  },
  {
    route: 'POST /api/messaging/care-team',
    access: only('patient'),
    forPatient: 'message',
    call: () => ({ path: '/api/messaging/care-team' }),
    allowed: [200, 201],
  },
  {
    route: 'GET /api/messaging/conversations/:id',
    access: ownerOr('doctor'),
    forPatient: 'message',
    prepare: conversationOf,
    call: ({ resource }) => ({ path: `/api/messaging/conversations/${resource}` }),
  },
  {
    route: 'GET /api/messaging/conversations/:id/messages',
    access: ownerOr('doctor'),
    forPatient: 'message',
    prepare: conversationOf,
    call: ({ resource }) => ({ path: `/api/messaging/conversations/${resource}/messages` }),
    query: { after: 'checked' },
  },
  {
    route: 'POST /api/messaging/conversations/:id/messages',
    access: ownerOr('doctor'),
    forPatient: 'message',
    prepare: conversationOf,
    call: ({ resource }) => ({
      path: `/api/messaging/conversations/${resource}/messages`,
      body: { id: randomUUID(), content: 'How are you feeling today?' },
    }),
    allowed: [201],
  },
  {
    route: 'GET /api/messaging/events',
    access: signedIn,
    forPatient: 'message',
    stream: true,
    call: () => ({ path: '/api/messaging/events' }),
  },

  // Visits.
  {
    route: 'POST /api/visits',
    access: only('patient'),
    forPatient: 'visits',
    call: () => ({
      path: '/api/visits',
      body: { reason: 'Fever for three days', type: 'video' },
    }),
    optional: ['reason', 'type'],
    allowed: [200, 201],
  },
  {
    route: 'GET /api/visits/current',
    access: only('patient'),
    forPatient: 'visits',
    call: () => ({ path: '/api/visits/current' }),
  },
  {
    route: 'GET /api/visits/history',
    access: only('patient'),
    forPatient: 'record',
    call: () => ({ path: '/api/visits/history' }),
  },
  {
    route: 'GET /api/visits/queue',
    access: only('doctor'),
    forPatient: 'never',
    call: () => ({ path: '/api/visits/queue' }),
  },
  {
    route: 'GET /api/visits/events',
    access: only('patient', 'doctor'),
    forPatient: 'visits',
    stream: true,
    call: () => ({ path: '/api/visits/events' }),
  },
  {
    route: 'GET /api/visits/:id',
    access: record,
    // Part of the record; an open one is also the visit screen of whoever joins it for her.
    forPatient: ['record', 'visits'],
    prepare: visitOf('waiting'),
    call: ({ resource }) => ({ path: `/api/visits/${resource}` }),
  },
  {
    // Any doctor starts any queued visit; each cell gets its own.
    route: 'POST /api/visits/:id/start',
    access: only('doctor'),
    forPatient: 'never',
    prepare: queuedVisit,
    call: ({ resource }) => ({ path: `/api/visits/${resource}/start` }),
  },
  {
    route: 'POST /api/visits/:id/join',
    access: owner,
    forPatient: 'visits',
    prepare: visitOf('waiting'),
    call: ({ resource }) => ({ path: `/api/visits/${resource}/join` }),
  },
  {
    route: 'POST /api/visits/:id/leave',
    access: owner,
    forPatient: 'visits',
    prepare: visitOf('waiting'),
    call: ({ resource }) => ({ path: `/api/visits/${resource}/leave` }),
  },
  {
    route: 'POST /api/visits/:id/cancel',
    access: owner,
    forPatient: 'visits',
    prepare: visitOf('waiting'),
    call: ({ resource }) => ({ path: `/api/visits/${resource}/cancel` }),
  },
  {
    // Only the visit's doctor ends it: the resource is a visit the caller is the doctor of.
    route: 'POST /api/visits/:id/end',
    access: owner,
    forPatient: 'never',
    prepare: visitOf('in_progress', 'doctor'),
    call: ({ resource }) => ({ path: `/api/visits/${resource}/end` }),
  },
  {
    route: 'PUT /api/visits/:id/summary',
    access: owner,
    forPatient: 'never',
    prepare: visitOf('finished', 'doctor'),
    call: ({ resource }) => ({
      path: `/api/visits/${resource}/summary`,
      body: { summary: 'Viral fever. Fluids and rest; come back if it lasts past Friday.' },
    }),
  },
  {
    route: 'PUT /api/visits/:id/reason',
    access: owner,
    forPatient: 'visits',
    prepare: visitOf('waiting', 'patient'),
    call: ({ resource }) => ({
      path: `/api/visits/${resource}/reason`,
      body: { reason: 'Fever since Tuesday' },
    }),
  },
  {
    route: 'POST /api/visits/:id/signals',
    access: owner,
    forPatient: 'visits',
    prepare: visitOf('waiting'),
    call: ({ resource }) => ({
      path: `/api/visits/${resource}/signals`,
      body: { kind: 'hello', session: randomUUID() },
    }),
    allowed: [202],
  },
  {
    route: 'GET /api/visits/:id/signals',
    access: owner,
    forPatient: 'visits',
    prepare: visitOf('waiting'),
    call: ({ resource }) => ({ path: `/api/visits/${resource}/signals` }),
    query: { after: 'checked' },
  },

  // The patient's record.
  {
    route: 'GET /api/patients/:patientId/vitals',
    access: patientRecord,
    forPatient: 'record',
    prepare: ownId,
    call: ({ resource }) => ({ path: `/api/patients/${resource}/vitals` }),
    query: { since: 'checked' },
    // The readings of the patient the path names, and no one else's.
    async check(answer, { world, resource }) {
      const stored = await ids(
        world,
        sql<{ id: string }>`select distinct reading_id as id from observations
          where patient_id = ${resource}`,
      );
      expect((answer.body as VitalsReading[]).map((reading) => reading.id).sort()).toEqual(stored);
    },
  },
  {
    route: 'POST /api/patients/:patientId/vitals',
    access: patientRecord,
    forPatient: 'guardian',
    prepare: ownId,
    call: ({ resource }) => ({ path: `/api/patients/${resource}/vitals`, body: vitalsReading() }),
    // Without the heart rate the blood pressure remains; the time taken defaults to now.
    optional: ['takenAt', 'heartRate'],
    allowed: [201],
    check(answer, { caller }) {
      expect((answer.body as VitalsReading).recordedBy).toMatchObject({
        id: caller.userId,
        role: caller.role,
      });
    },
  },

  {
    route: 'GET /api/patients/:patientId/medications',
    access: patientRecord,
    forPatient: 'record',
    prepare: ownId,
    call: ({ resource }) => ({ path: `/api/patients/${resource}/medications` }),
    // The prescriptions of the patient the path names, and no one else's.
    async check(answer, { world, resource }) {
      const stored = await ids(
        world,
        sql<{ id: string }>`select id::text as id from medication_requests
          where patient_id = ${resource}`,
      );
      expect((answer.body as Medication[]).map((medication) => medication.id).sort()).toEqual(
        stored,
      );
    },
  },
  {
    route: 'GET /api/patients/:patientId/chart',
    access: patientRecord,
    forPatient: 'record',
    prepare: ownId,
    call: ({ resource }) => ({ path: `/api/patients/${resource}/chart` }),
    // The chart of the patient the path names: their own prescriptions, and no one else's.
    async check(answer, { world, resource }) {
      const chart = answer.body as Chart;
      expect(chart.patient.id).toBe(resource);
      const stored = await ids(
        world,
        sql<{ id: string }>`select id::text as id from medication_requests
          where patient_id = ${resource}`,
      );
      expect(chart.medications.map((medication) => medication.id).sort()).toEqual(stored);
    },
  },
  {
    route: 'POST /api/patients/:patientId/medications',
    access: prescriber,
    forPatient: 'never',
    prepare: ownId,
    call: ({ resource }) => ({
      path: `/api/patients/${resource}/medications`,
      body: prescription(),
    }),
    // The start defaults to today; without days it is ongoing.
    optional: ['food', 'startDay', 'days', 'note'],
    allowed: [201],
    check(answer, { caller }) {
      expect((answer.body as Medication).prescribedBy.id).toBe(caller.userId);
    },
  },
  {
    route: 'POST /api/patients/:patientId/medications/:medicationId/stop',
    access: prescriber,
    forPatient: 'never',
    prepare: medicationOf,
    call: ({ resource }) => {
      const { patientId, medicationId } = medicationParts(resource);
      return {
        path: `/api/patients/${patientId}/medications/${medicationId}/stop`,
        body: { reason: 'Side effects' },
      };
    },
    check(answer) {
      expect((answer.body as Medication).status).toBe('stopped');
    },
  },
  {
    route: 'GET /api/patients/:patientId/doses',
    access: patientRecord,
    forPatient: 'record',
    prepare: medicationOf,
    call: ({ resource }) => ({
      path: `/api/patients/${medicationParts(resource).patientId}/doses`,
    }),
    query: { day: 'checked' },
    // Today's doses of the patient the path names: the prepared prescription's four at least.
    async check(answer, { world, resource }) {
      const { patientId, medicationId } = medicationParts(resource);
      const own = await ids(
        world,
        sql<{ id: string }>`select id::text as id from medication_requests
          where patient_id = ${patientId}`,
      );
      const listed = (answer.body as Dose[]).map((dose) => dose.medicationId);
      expect(listed.filter((id) => id === medicationId)).toHaveLength(4);
      expect(listed.every((id) => own.includes(id))).toBe(true);
    },
  },
  {
    route: 'POST /api/patients/:patientId/doses/taken',
    access: patientRecord,
    forPatient: 'guardian',
    prepare: medicationOf,
    call: ({ resource }) => {
      const { patientId, medicationId } = medicationParts(resource);
      return {
        path: `/api/patients/${patientId}/doses/taken`,
        body: { id: randomUUID(), medicationId, day: clinicToday(), timeOfDay: 'morning' },
      };
    },
    // Marked once (the patient and the doctor share the demo patient's): a later press
    // answers the dose as first taken.
    allowed: [200, 201],
    check(answer, { caller }) {
      const { taken } = answer.body as Dose;
      expect(taken).not.toBeNull();
      if (answer.status === 201)
        expect(taken?.by).toEqual({ id: caller.userId, role: caller.role });
    },
  },

  // Doctors' hours and appointments.
  {
    route: 'GET /api/doctors',
    access: only('manager', 'doctor'),
    forPatient: 'never',
    call: () => ({ path: '/api/doctors' }),
    // A manager sees every doctor; a doctor only themselves.
    async check(answer, { world, caller }) {
      const doctors = await ids(
        world,
        sql<{ id: string }>`select id from profiles where role = 'doctor'
          and (${caller.role === 'manager'} or id = ${caller.userId})`,
      );
      expect((answer.body as DoctorListEntry[]).map((doctor) => doctor.id).sort()).toEqual(doctors);
    },
  },
  {
    route: 'GET /api/doctors/:doctorId/hours',
    access: doctorHours,
    forPatient: 'never',
    prepare: hoursOf,
    call: ({ resource }) => ({ path: `/api/doctors/${resource}/hours` }),
  },
  {
    route: 'PUT /api/doctors/:doctorId/hours',
    access: doctorHours,
    forPatient: 'never',
    prepare: hoursOf,
    call: ({ resource }) => ({
      path: `/api/doctors/${resource}/hours`,
      body: {
        slotMinutes: 15,
        week: [{ weekday: 0, start: '10:00', end: '17:00' }],
        daysOff: [addClinicDays(clinicToday(), 3)],
      },
    }),
  },
  {
    route: 'GET /api/appointments/availability',
    access: only('patient'),
    forPatient: 'visits',
    prepare: doctorWithHours,
    call: ({ resource }) => ({
      path: `/api/appointments/availability?doctorId=${resource}&day=${addClinicDays(clinicToday(), 1)}`,
    }),
    query: { doctorId: 'checked', day: 'checked' },
  },
  {
    route: 'POST /api/appointments',
    access: only('patient'),
    forPatient: 'visits',
    // A doctor of the caller's cell, with hours: the slot is theirs to give.
    prepare: doctorWithHours,
    call: ({ resource }) => ({
      path: '/api/appointments',
      body: {
        id: randomUUID(),
        doctorId: resource,
        startsAt: tomorrowAt('10:00'),
        reason: 'Follow-up on blood pressure',
      },
    }),
    optional: ['reason'],
    allowed: [201],
    check(answer, { caller }) {
      expect((answer.body as Appointment).patientId).toBe(caller.userId);
    },
  },
  {
    route: 'GET /api/appointments',
    access: only('patient'),
    forPatient: 'visits',
    call: () => ({ path: '/api/appointments' }),
    // The caller's own appointments, and no one else's.
    async check(answer, { world, caller }) {
      const own = await ids(
        world,
        sql<{ id: string }>`select id::text as id from appointments
          where patient_id = ${caller.userId}`,
      );
      expect((answer.body as Appointment[]).map((one) => one.id).sort()).toEqual(own);
    },
  },
  {
    route: 'GET /api/appointments/next',
    access: only('patient'),
    forPatient: 'visits',
    call: () => ({ path: '/api/appointments/next' }),
  },
  {
    route: 'GET /api/clinic/hours',
    access: signedIn,
    forPatient: 'self',
    call: () => ({ path: '/api/clinic/hours' }),
  },
  {
    route: 'GET /api/appointments/today',
    access: only('doctor'),
    forPatient: 'never',
    call: () => ({ path: '/api/appointments/today' }),
  },
  {
    route: 'GET /api/patients',
    access: only('doctor', 'manager'),
    forPatient: 'never',
    call: () => ({ path: '/api/patients' }),
    query: { search: 'free' },
    // A doctor sees the patients in their care, with flags; a manager the clinic's, nothing clinical.
    check(answer, { world, caller }) {
      const list = answer.body as PatientList;
      if (caller.role === 'doctor') {
        expect(list.view).toBe('care');
        expect(list.patients.map((patient) => patient.id)).toContain(world.byRole.patient.userId);
      } else {
        expect(list.view).toBe('clinic');
        for (const patient of list.patients) {
          expect(Object.keys(patient).sort()).toEqual(
            ['email', 'id', 'lastAppointment', 'name', 'nextAppointment', 'phone'].sort(),
          );
        }
      }
    },
  },
  {
    route: 'PUT /api/appointments/:id',
    access: owner,
    forPatient: 'visits',
    prepare: appointmentOf(),
    call: ({ resource }) => ({
      path: `/api/appointments/${resource}`,
      body: { startsAt: tomorrowAt('11:00') },
    }),
    optional: ['doctorId'],
  },
  {
    route: 'POST /api/appointments/:id/cancel',
    access: owner,
    forPatient: 'visits',
    prepare: appointmentOf(),
    call: ({ resource }) => ({ path: `/api/appointments/${resource}/cancel` }),
  },
  {
    route: 'POST /api/appointments/:id/check-in',
    access: owner,
    forPatient: 'visits',
    prepare: appointmentOf(10 * 60_000),
    call: ({ resource }) => ({ path: `/api/appointments/${resource}/check-in` }),
  },

  // The care circle.
  {
    route: 'GET /api/care-circle',
    access: only('patient'),
    forPatient: 'never',
    call: () => ({ path: '/api/care-circle' }),
  },
  {
    route: 'POST /api/care-circle/invitations',
    access: only('patient'),
    forPatient: 'never',
    call: () => {
      invitations += 1;
      return {
        path: '/api/care-circle/invitations',
        body: {
          email: `matrix-invited-${invitations}-${Date.now().toString(36)}@example.com`,
          relationship: 'son',
          permissions: { record: true, message: false, visits: false },
        },
      };
    },
    allowed: [201],
  },
  {
    route: 'DELETE /api/care-circle/invitations/:id',
    access: only('patient'),
    forPatient: 'never',
    prepare: ownInvitation,
    call: ({ resource }) => ({ path: `/api/care-circle/invitations/${resource}` }),
    allowed: [204],
  },
  {
    route: 'PATCH /api/care-circle/caregivers/:id',
    access: only('patient'),
    forPatient: 'never',
    prepare: ownGrant,
    call: ({ resource }) => ({
      path: `/api/care-circle/caregivers/${resource}`,
      body: { permissions: { record: true, message: true, visits: false } },
    }),
  },
  {
    route: 'DELETE /api/care-circle/caregivers/:id',
    access: only('patient'),
    forPatient: 'never',
    prepare: ownGrant,
    call: ({ resource }) => ({ path: `/api/care-circle/caregivers/${resource}` }),
    allowed: [204],
  },
  {
    route: 'POST /api/care-circle/dependents',
    access: only('patient'),
    forPatient: 'never',
    call: () => ({
      path: '/api/care-circle/dependents',
      body: {
        profile: { first_name: 'Maya', last_name: 'Sharma', age: '6', date_system: 'ad' },
        relationship: 'daughter',
      },
    }),
    allowed: [201],
  },
  {
    route: 'POST /api/care-circle/dependents/:id/login-invitation',
    access: only('patient'),
    forPatient: 'never',
    prepare: ownDependent,
    call: ({ resource }) => ({
      path: `/api/care-circle/dependents/${resource}/login-invitation`,
      body: { email: `maya-${resource}@example.com` },
    }),
    allowed: [201],
  },
  {
    route: 'GET /api/caring-for',
    access: signedIn,
    forPatient: 'self',
    call: () => ({ path: '/api/caring-for' }),
  },
  {
    route: 'GET /api/care-invitations/:token',
    access: everyone,
    forPatient: 'self',
    prepare: (world) => invitation(world, world.byRole.patient.userId!, 'someone@example.com'),
    call: ({ resource }) => ({ path: `/api/care-invitations/${resource}` }),
  },
  {
    route: 'POST /api/care-invitations/:token/accept',
    access: signedIn,
    forPatient: 'self',
    prepare: invitationTo,
    call: ({ resource }) => ({ path: `/api/care-invitations/${resource}/accept` }),
  },
  {
    route: 'GET /api/people',
    access: only('admin', 'superadmin'),
    forPatient: 'never',
    call: () => ({ path: '/api/people?q=a&page=1' }),
    query: { q: 'free', role: 'checked', clinicId: 'checked', status: 'checked', page: 'checked' },
    // An admin sees the people of their clinic only; the superadmin everyone.
    async check(answer, { world, caller }) {
      const page = answer.body as PeoplePage;
      if (caller.role === 'superadmin') return;
      const clinic = (
        await sql<{ clinic_id: string }>`select clinic_id from profiles
          where id = ${caller.userId}`.execute(world.server.database.db)
      ).rows[0]!.clinic_id;
      expect(page.clinics.map((entry) => entry.id)).toEqual([clinic]);
      const outside = page.people.filter(
        (entry) => entry.clinic !== null && entry.clinic.id !== clinic,
      );
      expect(outside).toEqual([]);
    },
  },
  {
    route: 'POST /api/people/:userId/deactivate',
    access: only('admin', 'superadmin'),
    forPatient: 'never',
    prepare: clinicDoctor,
    call: ({ resource }) => ({ path: `/api/people/${resource}/deactivate` }),
  },
  {
    route: 'POST /api/people/:userId/reactivate',
    access: only('admin', 'superadmin'),
    forPatient: 'never',
    prepare: clinicDoctor,
    call: ({ resource }) => ({ path: `/api/people/${resource}/reactivate` }),
  },
  {
    route: 'POST /api/people/:userId/second-factor/reset',
    access: only('admin', 'superadmin'),
    forPatient: 'never',
    prepare: clinicDoctor,
    call: ({ resource }) => ({ path: `/api/people/${resource}/second-factor/reset` }),
  },
  {
    route: 'PATCH /api/people/:userId',
    access: only('admin', 'superadmin'),
    forPatient: 'never',
    prepare: clinicDoctor,
    call: ({ resource }) => ({ path: `/api/people/${resource}`, body: { role: 'manager' } }),
    optional: ['role'],
  },
  {
    route: 'POST /api/people/invitations',
    access: only('admin', 'superadmin'),
    forPatient: 'never',
    call: ({ world }) => {
      staffInvitations += 1;
      return {
        path: '/api/people/invitations',
        body: {
          email: `invited-staff-${staffInvitations}-${Date.now().toString(36)}@example.com`,
          role: 'doctor',
          clinicId: world.demoClinicId,
          language: 'en',
        },
      };
    },
    allowed: [201],
  },
  {
    route: 'GET /api/people/invitations/:token',
    access: everyone,
    forPatient: 'self',
    prepare: staffInvitation,
    call: ({ resource }) => ({ path: `/api/people/invitations/${resource}` }),
  },
  {
    route: 'POST /api/people/invitations/:token/accept',
    access: everyone,
    forPatient: 'self',
    prepare: staffInvitation,
    call: ({ resource }) => ({
      path: `/api/people/invitations/${resource}/accept`,
      body: { name: 'Matrix Doctor', password: 'correct horse 42' },
    }),
    // The first call opens the account; a later one finds the link used.
    allowed: [200, 404],
  },
  {
    route: 'GET /api/smart-clients',
    access: only('superadmin'),
    forPatient: 'never',
    call: () => ({ path: '/api/smart-clients' }),
  },
  {
    route: 'POST /api/smart-clients',
    access: only('superadmin'),
    forPatient: 'never',
    call: () => ({
      path: '/api/smart-clients',
      body: {
        name: 'Matrix Lab',
        jwks: { keys: [systemPublicJwk] },
        scopes: ['system/Observation.rs'],
      },
    }),
    allowed: [201],
  },
  {
    route: 'DELETE /api/smart-clients/:clientId',
    access: only('superadmin'),
    forPatient: 'never',
    prepare: smartClientOf,
    call: ({ resource }) => ({ path: `/api/smart-clients/${resource}` }),
    allowed: [204],
  },
  {
    route: 'POST /api/care-invitations/:token/claim',
    access: everyone,
    forPatient: 'self',
    prepare: loginInvitation,
    call: ({ resource }) => ({
      path: `/api/care-invitations/${resource}/claim`,
      body: { password: 'correct horse 42' },
    }),
    // The first call claims the login; a later one finds the link used.
    allowed: [200, 404],
  },

  // The FHIR R4 API: the same access rule, read through FHIR.
  {
    route: 'GET /fhir/R4/metadata',
    access: everyone,
    forPatient: 'self',
    call: () => ({ path: '/fhir/R4/metadata' }),
  },
  {
    route: 'GET /fhir/R4/Patient/:id',
    access: patientRecord,
    forPatient: 'named-record',
    prepare: ownId,
    call: ({ resource }) => ({ path: `/fhir/R4/Patient/${resource}` }),
    check(answer, { resource }) {
      expect(answer.body).toMatchObject({ resourceType: 'Patient', id: resource });
    },
  },
  {
    route: 'GET /fhir/R4/Patient/:id/$everything',
    access: patientRecord,
    forPatient: 'named-record',
    prepare: ownId,
    call: ({ resource }) => ({ path: `/fhir/R4/Patient/${resource}/$everything` }),
    check(answer, { resource }) {
      const first = (answer.body as Bundle).entry?.[0]?.resource;
      expect(first).toMatchObject({ resourceType: 'Patient', id: resource });
    },
  },
  {
    route: 'GET /fhir/R4/Patient',
    access: signedIn,
    forPatient: 'named-record',
    call: ({ caller }) => ({ path: `/fhir/R4/Patient?_id=${caller.userId ?? ''}` }),
    query: { _count: 'checked', _lastUpdated: 'checked', _id: 'free' },
    // The patient named, when the caller may read them; never anyone else.
    check(answer, { caller }) {
      const found = ((answer.body as Bundle).entry ?? []).map((entry) => entry.resource?.id);
      expect(found.every((id) => id === caller.userId)).toBe(true);
    },
  },
  {
    route: 'GET /fhir/R4/Observation/:id',
    access: record,
    forPatient: 'named-record',
    prepare: observationOf,
    call: ({ resource }) => ({ path: `/fhir/R4/Observation/${resource}` }),
    check(answer, { resource }) {
      expect(answer.body).toMatchObject({ resourceType: 'Observation', id: resource });
    },
  },
  {
    route: 'GET /fhir/R4/Observation',
    access: signedIn,
    forPatient: 'named-record',
    call: ({ caller }) => ({ path: `/fhir/R4/Observation?patient=${caller.userId ?? ''}` }),
    query: {
      date: 'checked',
      _count: 'checked',
      _lastUpdated: 'checked',
      patient: 'free',
      code: 'free',
      status: 'free',
      _include: 'checked',
    },
    // Only the patient the search names.
    check(answer, { caller }) {
      const subjects = ((answer.body as Bundle).entry ?? []).map(
        (entry) => (entry.resource as Observation).subject?.reference,
      );
      expect(subjects.every((subject) => subject === `Patient/${caller.userId}`)).toBe(true);
    },
  },
  {
    route: 'GET /fhir/R4/Practitioner/:id',
    access: signedIn,
    forPatient: 'self',
    prepare: (world) => Promise.resolve(world.byRole.doctor.userId ?? ''),
    call: ({ resource }) => ({ path: `/fhir/R4/Practitioner/${resource}` }),
    check(answer, { resource }) {
      expect(answer.body).toMatchObject({ resourceType: 'Practitioner', id: resource });
    },
  },
  {
    route: 'GET /fhir/R4/Practitioner',
    access: signedIn,
    forPatient: 'self',
    call: () => ({ path: '/fhir/R4/Practitioner' }),
    query: { _count: 'checked', _lastUpdated: 'checked', _id: 'free' },
  },
  ...recordTypeEntries(),
  {
    route: 'GET /fhir/R4/Schedule/:id',
    access: signedIn,
    forPatient: 'self',
    prepare: doctorWithHours,
    call: ({ resource }) => ({ path: `/fhir/R4/Schedule/${resource}` }),
    check(answer, { resource }) {
      expect(answer.body).toMatchObject({ resourceType: 'Schedule', id: resource });
    },
  },
  {
    route: 'GET /fhir/R4/Schedule',
    access: signedIn,
    forPatient: 'self',
    call: () => ({ path: '/fhir/R4/Schedule?_count=5' }),
    query: { _count: 'checked', _id: 'free', actor: 'free' },
  },
  {
    route: 'GET /fhir/R4/Slot/:id',
    access: signedIn,
    forPatient: 'self',
    // Tomorrow 10:00 (clinic time) of a doctor free all day: the slot's id names both.
    prepare: async (world) => {
      const start = new Date(tomorrowAt('10:00')).toISOString().slice(0, 16);
      return `${await doctorWithHours(world)}.${start.replace(/[-:T]/g, '')}`;
    },
    call: ({ resource }) => ({ path: `/fhir/R4/Slot/${resource}` }),
    check(answer, { resource }) {
      expect(answer.body).toMatchObject({ resourceType: 'Slot', id: resource, status: 'free' });
    },
  },
  {
    route: 'GET /fhir/R4/Slot',
    access: signedIn,
    forPatient: 'self',
    prepare: doctorWithHours,
    call: ({ resource }) => ({ path: `/fhir/R4/Slot?schedule=Schedule/${resource}&_count=5` }),
    query: { start: 'checked', _count: 'checked', status: 'free' },
    check(answer) {
      expect((answer.body as Bundle).entry).toHaveLength(5);
    },
  },
  {
    route: 'GET /fhir/R4/AuditEvent/:id',
    access: only('superadmin'),
    forPatient: 'never',
    prepare: async (world) => {
      const { rows } = await sql<{ id: string }>`select max(id)::text as id
        from audit_events`.execute(world.server.database.db);
      return rows[0]?.id ?? '1';
    },
    call: ({ resource }) => ({ path: `/fhir/R4/AuditEvent/${resource}` }),
    check(answer, { resource }) {
      expect(answer.body).toMatchObject({ resourceType: 'AuditEvent', id: resource });
    },
  },
  {
    route: 'GET /fhir/R4/AuditEvent',
    access: only('superadmin'),
    forPatient: 'never',
    call: () => ({ path: '/fhir/R4/AuditEvent?_count=5' }),
    query: { date: 'checked', _count: 'checked', patient: 'free' },
  },

  // SMART Backend Services: a system, not a person, authenticates by its signed assertion.
  {
    route: `GET ${smartConfigurationPath}`,
    access: everyone,
    forPatient: 'self',
    call: () => ({ path: smartConfigurationPath }),
  },
  {
    route: `POST ${smartTokenPath}`,
    access: everyone,
    forPatient: 'self',
    // A fresh assertion for each caller: an assertion is accepted once.
    prepare: systemAssertion,
    call: ({ resource }) => ({
      path: smartTokenPath,
      form: tokenForm(resource, 'system/Observation.rs'),
    }),
    check(answer) {
      expect(answer.body).toMatchObject({ token_type: 'bearer', scope: 'system/Observation.rs' });
    },
  },

  // The account system.
  {
    route: 'GET /api/auth/*',
    endpoint: '/api/auth/get-session',
    access: everyone,
    forPatient: 'self',
    call: () => ({ path: '/api/auth/get-session' }),
  },
  {
    route: 'GET /api/auth/*',
    endpoint: '/api/auth/jwks',
    access: everyone,
    forPatient: 'self',
    call: () => ({ path: '/api/auth/jwks' }),
  },
  {
    route: 'GET /api/auth/*',
    endpoint: '/api/auth/token',
    access: signedIn,
    forPatient: 'self',
    call: () => ({ path: '/api/auth/token' }),
  },
  {
    route: 'GET /api/auth/*',
    endpoint: '/api/auth/list-sessions',
    access: signedIn,
    forPatient: 'self',
    call: () => ({ path: '/api/auth/list-sessions' }),
  },
  {
    route: 'POST /api/auth/*',
    endpoint: '/api/auth/sign-in/email',
    access: everyone,
    forPatient: 'self',
    call: ({ caller }) => ({
      path: '/api/auth/sign-in/email',
      body: { email: caller.email ?? 'patient@example.com', password: 'demo-pass-2026' },
    }),
  },
  {
    route: 'POST /api/auth/*',
    endpoint: '/api/auth/sign-up/email',
    access: everyone,
    forPatient: 'self',
    call: ({ world }) => {
      signUps += 1;
      return {
        path: '/api/auth/sign-up/email',
        body: {
          email: `matrix-${signUps}-${Date.now().toString(36)}@example.com`,
          password: 'matrix-pass-2026',
          name: '',
          inviteCode: world.server.config.inviteCode,
        },
      };
    },
  },
  {
    route: 'POST /api/auth/*',
    endpoint: '/api/auth/two-factor/enable',
    access: signedIn,
    forPatient: 'self',
    call: () => ({ path: '/api/auth/two-factor/enable', body: { password: 'not the password' } }),
    allowed: [400],
  },
  {
    route: 'POST /api/auth/*',
    endpoint: '/api/auth/verify-password',
    access: signedIn,
    forPatient: 'self',
    call: () => ({ path: '/api/auth/verify-password', body: { password: 'not the password' } }),
    allowed: [400],
  },
];

/** Routes the matrix does not describe: the web app's files and page fallback. */
export function isApiRoute(url: string): boolean {
  return (
    url === '/api' || url.startsWith('/api/') || url.startsWith('/dev/') || url.startsWith('/fhir/')
  );
}
