import type { ColumnType, Generated } from 'kysely';

/** Timestamps are written by the database and read back as Date. */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: CreatedAt;
}

/** The account system's user table (Better Auth); read here only to show names and e-mails. */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
  twoFactorEnabled: boolean | null;
  phoneNumber: string | null;
  phoneNumberVerified: boolean | null;
}

/** Better Auth's sign-in methods; the `credential` row holds the password hash. */
export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  password: string | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** The hash of the confirmation token last mailed to an unconfirmed account. */
export interface ConfirmationLinksTable {
  user_id: string;
  token_hash: string;
  mailed_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Better Auth's sessions; read here to check a session cookie in one statement. */
export interface SessionTable {
  id: string;
  token: string;
  userId: string;
  expiresAt: Date;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
  ipAddress: string | null;
  userAgent: string | null;
}

/** Better Auth's pending codes and links; written here only to void a reset link. */
export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Date;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface ProfilesTable {
  id: string;
  first_name: string | null;
  last_name: string | null;
  gender: string | null;
  age: number | null;
  date_system: string | null;
  dob_ad: ColumnType<string | null, string | null | undefined, string | null>;
  dob_bs: string | null;
  role: ColumnType<string, string | undefined, string>;
  avatar_url: string | null;
  /** The clinic a doctor or manager belongs to (`0021-clinics`). */
  clinic_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** When an admin deactivated the account (`0026-people`); null while it may sign in. */
  deactivated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ClinicsTable {
  id: string;
  name: string;
  /** The DHIS2 organisation unit the clinic reports as. */
  org_unit_code: string;
  created_at: CreatedAt;
  /** The clinic's settings, kept by its administrator (`0028-clinic-settings`). */
  contact_phone: ColumnType<string | null, string | null | undefined, string | null>;
  address: ColumnType<string | null, string | null | undefined, string | null>;
  visit_minutes: ColumnType<number, number | undefined, number>;
  /** The announcement patients of the clinic read on their home: all four, or none. */
  announcement_en: ColumnType<string | null, string | null | undefined, string | null>;
  announcement_ne: ColumnType<string | null, string | null | undefined, string | null>;
  announcement_from: ColumnType<string | null, string | null | undefined, string | null>;
  announcement_to: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface RateLimitCountersTable {
  key: string;
  window_started_at: ColumnType<Date, Date | string | undefined, Date | string>;
  hits: number;
}

export interface UploadsTable {
  /** The device's id for the photo, unique per owner. */
  id: string;
  /** The photo's own id, unique everywhere: its URL and its audit entries name it. */
  photo_id: string;
  owner_id: string;
  content_type: string;
  byte_size: number;
  storage_key: string;
  created_at: CreatedAt;
}

export interface ConversationsTable {
  id: string;
  title: string | null;
  participant_ids: string[];
  is_care_team: ColumnType<boolean, boolean | undefined, never>;
  care_team_patient_id: ColumnType<string | null, string | null | undefined, never>;
  created_at: CreatedAt;
}

export interface MessagesTable {
  id: string;
  conversation_id: string;
  sender_id: string;
  /** Who wrote or started it for the patient, when not the patient. */
  agent_id: ColumnType<string | null, string | null | undefined, never>;
  content: string;
  created_at: CreatedAt;
}

type Moment = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface VisitsTable {
  id: string;
  patient_id: string;
  doctor_id: string | null;
  /** Who wrote or started it for the patient, when not the patient. */
  agent_id: ColumnType<string | null, string | null | undefined, never>;
  status: string;
  type: string;
  priority: string;
  reason: string;
  summary: string | null;
  queued_at: CreatedAt;
  started_at: Moment;
  in_progress_at: Moment;
  ended_at: Moment;
  patient_joined_at: Moment;
  doctor_joined_at: Moment;
  patient_seen_at: Moment;
  doctor_seen_at: Moment;
  summary_at: Moment;
  /** The appointment whose check-in opened this visit; null for a walk-in. */
  appointment_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface VisitEventsTable {
  id: Generated<string>;
  visit_id: string;
  from_status: string | null;
  to_status: string;
  /** Null when the system made the change. */
  actor_id: string | null;
  at: CreatedAt;
}

export interface VisitSignalsTable {
  id: Generated<string>;
  visit_id: string;
  from_user_id: string;
  to_user_id: string;
  body: ColumnType<unknown, string, never>;
  /** The body's size as sent, counted against the visit's limit. */
  bytes: Generated<number>;
  created_at: CreatedAt;
}

export interface AuditEventsTable {
  /** bigserial: a string from PostgreSQL, a number from PGlite. */
  id: Generated<string | number>;
  recorded_at: CreatedAt;
  type: string;
  action: string;
  outcome: string;
  agent_id: string | null;
  agent_role: string | null;
  client_address: string | null;
  on_behalf_of: ColumnType<string | null, string | null | undefined, never>;
  entity_type: string;
  entity_id: string | null;
  subject_id: string | null;
  /** Written as JSON text, read back as an object. */
  detail: ColumnType<Record<string, unknown> | null, string | null, never>;
}

/** One FHIR Observation: a measure of a patient's, coded in LOINC (`record/vital-codes.ts`). */
export interface ObservationsTable {
  id: Generated<string>;
  /** The device's id for the reading the observation is part of, unique per patient and code. */
  reading_id: string;
  patient_id: string;
  code: string;
  /** numeric: a string from PostgreSQL. */
  value: ColumnType<string | number | null, number | null, never>;
  unit: string | null;
  /** Written as JSON text, read back as a list. */
  components: ColumnType<unknown, string | null, never>;
  effective_at: ColumnType<Date, Date | string, never>;
  recorded_at: CreatedAt;
  recorder_id: string;
  recorder_role: string;
}

/** One FHIR MedicationRequest: a prescription, under the id the doctor's client chose. */
export interface MedicationRequestsTable {
  id: string;
  patient_id: string;
  prescriber_id: string;
  medicine: string;
  /** A dose as written in words before doses were structured; null since. */
  dose: string | null;
  /** The dose's amount and form (`shared/medications.ts`); null only for a dose in words. */
  dose_amount: number | null;
  dose_form: string | null;
  /** How the dose goes with food: before, with, after, any. */
  food: ColumnType<string, string | undefined, string>;
  /** Times of day (`shared/medications.ts`), in the order of the day. */
  times: string[];
  /** A clinic day, written `YYYY-MM-DD` (read back as text, never as a Date). */
  start_day: ColumnType<string, string, never>;
  /** How many days from the start; null: ongoing. */
  days: number | null;
  /** An instruction as written before doses were structured (the note holds what is left). */
  instruction: ColumnType<string | null, string | null | undefined, string | null>;
  /** The doctor's free note, an extra to the structured dose. */
  note: string | null;
  prescribed_at: CreatedAt;
  stopped_at: ColumnType<Date | null, never, Date>;
  stopped_by: ColumnType<string | null, never, string>;
  stop_reason: ColumnType<string | null, never, string>;
}

/** One FHIR MedicationAdministration: a dose taken, once per prescription, day and time of day. */
export interface MedicationAdministrationsTable {
  id: string;
  request_id: string;
  patient_id: string;
  /** A clinic day, written `YYYY-MM-DD`. */
  day: ColumnType<string, string, never>;
  time_of_day: string;
  taken_at: ColumnType<Date, Date, never>;
  recorder_id: string;
  recorder_role: string;
}

/** A doctor's hours (FHIR Schedule); their weekdays and days off in the two tables below. */
export interface DoctorHoursTable {
  doctor_id: string;
  slot_minutes: number;
  updated_at: UpdatedAt;
  updated_by: string | null;
}

/** One weekday worked, in minutes since the clinic's midnight. */
export interface DoctorWorkingDaysTable {
  doctor_id: string;
  weekday: number;
  start_minute: number;
  end_minute: number;
}

export interface DoctorDaysOffTable {
  doctor_id: string;
  /** A clinic day; read it as `day::text` (`YYYY-MM-DD`), as the driver would make it a Date. */
  day: ColumnType<string, string, string>;
}

/** An appointment (FHIR Appointment); `status` as in `shared/appointments.ts`. */
export interface AppointmentsTable {
  id: string;
  patient_id: string;
  doctor_id: string;
  status: string;
  starts_at: ColumnType<Date, Date | string, Date | string>;
  ends_at: ColumnType<Date, Date | string, Date | string>;
  day: ColumnType<string, string, string>;
  reason: ColumnType<string, string | undefined, string>;
  booked_by: string | null;
  booked_at: CreatedAt;
  checked_in_at: Moment;
  ended_at: Moment;
  visit_id: string | null;
}

/** A minute in which a server process found itself healthy. */
export interface HealthChecksTable {
  minute: ColumnType<Date, Date | string, never>;
}

/** When a session last made a request (at most a minute behind). */
export interface SessionActivityTable {
  session_id: string;
  seen_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A device's push subscription, for the session that made it. */
export interface PushSubscriptionsTable {
  endpoint: string;
  user_id: string;
  session_id: string;
  p256dh: string;
  auth: string;
  created_at: CreatedAt;
}

/** A person's notification choices and language; no row means the defaults. */
export interface NotificationSettingsTable {
  user_id: string;
  texts: ColumnType<boolean, boolean | undefined, boolean>;
  medication_reminders: ColumnType<boolean, boolean | undefined, boolean>;
  quiet_start_minute: ColumnType<number, number | undefined, number>;
  quiet_end_minute: ColumnType<number, number | undefined, number>;
  language: ColumnType<string, string | undefined, string>;
  updated_at: UpdatedAt;
}

/** One notification on one channel, under the key its cause gave it. */
export interface NotificationsTable {
  id: string;
  idempotency_key: string;
  user_id: string;
  kind: string;
  channel: string;
  status: ColumnType<string, string | undefined, string>;
  reason: ColumnType<string | null, string | null | undefined, string | null>;
  attempts: ColumnType<number, number | undefined, number>;
  respects_quiet_hours: ColumnType<boolean, boolean | undefined, never>;
  due_at: ColumnType<Date, Date | string | undefined, Date | string>;
  sending_since: Moment;
  /** When the sender handed it to the gateway or a push service, since it last took it. */
  handed_at: Moment;
  finished_at: Moment;
  appointment_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

/** A person's grant to act for a patient: what they may do, and whether as a dependent's guardian. */
export interface CareGrantsTable {
  id: string;
  patient_id: string;
  caregiver_id: string;
  relationship: string;
  may_record: boolean;
  may_message: boolean;
  may_visits: boolean;
  guardian: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}

/** An invitation to a patient's care circle, found by the hash of its link's token. */
export interface CareInvitationsTable {
  id: string;
  patient_id: string;
  email: string;
  relationship: string;
  may_record: boolean;
  may_message: boolean;
  may_visits: boolean;
  token_hash: string;
  status: ColumnType<string, string | undefined, string>;
  accepted_by: string | null;
  created_at: CreatedAt;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The dependent a login invitation is for; null for an invitation to care. */
  dependent_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The unconfirmed account whose sign-up used this invitation's link (`0025-invitation-sign-ups`). */
  signed_up_by: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A server process holding an open event stream of someone's, as of its last heartbeat. */
export interface OpenScreensTable {
  user_id: string;
  process_id: string;
  seen_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A system registered for SMART Backend Services (`0022-smart-clients`). */
export interface SmartClientsTable {
  id: string;
  name: string;
  /** Written as JSON text, read back as an object. */
  jwks: ColumnType<{ keys: Record<string, unknown>[] }, string, never>;
  scopes: ColumnType<string[], string, never>;
  created_at: CreatedAt;
  created_by: string;
  removed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  removed_by: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An accepted client assertion's `jti`, kept until the assertion would have expired. */
export interface SmartUsedAssertionsTable {
  client_id: string;
  jti: string;
  expires_at: ColumnType<Date, Date | string, never>;
}

/** A system's access token, by the SHA-256 of the token. */
export interface SmartAccessTokensTable {
  token_hash: string;
  client_id: string;
  scope: string;
  created_at: CreatedAt;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

/** A staff member invited by mail (`0026-people`): the link's token by its hash. */
export interface StaffInvitationsTable {
  id: string;
  email: string;
  role: string;
  clinic_id: string | null;
  language: string;
  token_hash: string;
  invited_by: string | null;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  accepted_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** When it was accepted, or replaced by a newer invitation to the address. */
  closed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
}

export interface Database {
  mail_outbox: MailOutboxTable;
  user: UserTable;
  session: SessionTable;
  verification: VerificationTable;
  account: AccountTable;
  confirmation_links: ConfirmationLinksTable;
  profiles: ProfilesTable;
  rate_limit_counters: RateLimitCountersTable;
  uploads: UploadsTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  visits: VisitsTable;
  visit_events: VisitEventsTable;
  visit_signals: VisitSignalsTable;
  audit_events: AuditEventsTable;
  observations: ObservationsTable;
  medication_requests: MedicationRequestsTable;
  medication_administrations: MedicationAdministrationsTable;
  doctor_hours: DoctorHoursTable;
  doctor_working_days: DoctorWorkingDaysTable;
  doctor_days_off: DoctorDaysOffTable;
  appointments: AppointmentsTable;
  health_checks: HealthChecksTable;
  session_activity: SessionActivityTable;
  push_subscriptions: PushSubscriptionsTable;
  notification_settings: NotificationSettingsTable;
  notifications: NotificationsTable;
  open_screens: OpenScreensTable;
  care_grants: CareGrantsTable;
  care_invitations: CareInvitationsTable;
  clinics: ClinicsTable;
  smart_clients: SmartClientsTable;
  smart_used_assertions: SmartUsedAssertionsTable;
  smart_access_tokens: SmartAccessTokensTable;
  staff_invitations: StaffInvitationsTable;
}
