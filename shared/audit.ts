import * as z from 'zod/mini';
import { auditTypes, type AuditType } from './audit-types';
import { clinicDaySchema } from './clinic-time';
import { roleSchema } from './role';

export { auditExportLimit, auditTypes, type AuditAction, type AuditType } from './audit-types';

export const auditEntityTypes = [
  'account',
  'second-factor',
  'profile',
  'conversation',
  'message',
  'photo',
  'visit',
  'observation',
  'medication-request',
  'medication-administration',
  'patient-record',
  'audit-trail',
  'appointment',
  'doctor-hours',
  'notification-record',
  'care-invitation',
  'care-grant',
  'clinic',
  'hmis-report',
  'smart-client',
  'staff-invitation',
] as const;
export type AuditEntityType = (typeof auditEntityTypes)[number];

/** One entry of the audit trail, as the API answers it. */
export const auditEntrySchema = z.object({
  id: z.string(),
  recorded: z.string(),
  type: z.string(),
  action: z.enum(['C', 'R', 'U', 'D', 'E']),
  outcome: z.enum(['success', 'failure']),
  agent: z.object({
    id: z.nullable(z.string()),
    email: z.nullable(z.string()),
    role: z.nullable(roleSchema),
    address: z.nullable(z.string()),
    /** The patient the agent acted for, when not themselves. */
    onBehalfOf: z.nullable(z.string()),
    /** Their name on their profile, when they have one. */
    name: z.nullable(z.string()),
  }),
  entity: z.object({
    type: z.string(),
    id: z.nullable(z.string()),
    subjectId: z.nullable(z.string()),
    /** The name of the person the record is about, when they have one. */
    subjectName: z.nullable(z.string()),
  }),
  detail: z.nullable(z.record(z.string(), z.unknown())),
  /**
   * A read of a patient's record by staff who, at that moment, had no care relationship with
   * the patient (a doctor reading the shared care-team inbox, say): allowed, and to be looked at.
   */
  withoutCare: z.boolean(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The most entries one page carries, and the default. */
export const auditPageLimit = { max: 200, default: 50 } as const;

/**
 * `GET /api/audit`: newest first, filtered by the person acting, the patient concerned, a
 * record's id, the kind of entry, its outcome, or a time (`since`, or clinic days `from` and
 * `to`); `before` is the `next` of the previous page. `GET /api/audit/export` answers the same
 * filters as CSV.
 */
export const auditQuerySchema = z.object({
  /** Entries by or about the account with this e-mail. */
  user: z.optional(z.email('Please enter a valid e-mail address')),
  /** Entries by the account with this e-mail: the person acting. */
  agent: z.optional(z.email('Please enter a valid e-mail address')),
  /** Entries about the records of the patient with this e-mail: the patient concerned. */
  patient: z.optional(z.email('Please enter a valid e-mail address')),
  type: z.optional(z.enum(Object.keys(auditTypes) as [AuditType, ...AuditType[]])),
  outcome: z.optional(z.enum(['success', 'failure'])),
  /** From the start of this clinic day. */
  from: z.optional(clinicDaySchema),
  /** To the end of this clinic day. */
  to: z.optional(clinicDaySchema),
  record: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  since: z.optional(z.iso.datetime({ offset: true, message: 'Give the time as ISO 8601' })),
  before: z.optional(z.string().check(z.regex(/^[1-9]\d{0,17}$/, 'Unknown page'))),
  limit: z.optional(
    z.coerce
      .number()
      .check(
        z.minimum(1),
        z.maximum(auditPageLimit.max, `At most ${auditPageLimit.max} entries a page`),
      ),
  ),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as `before` for the next page; null on the last one. */
  next: z.nullable(z.string()),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** The export's filters: those of a page, without the paging. */
export const auditExportQuerySchema = z.omit(auditQuerySchema, { before: true, limit: true });
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;

/** The CSV text of an export. */
export const auditExportSchema = z.string();

/**
 * An account whose password sign-in is paused for too many failed sign-ins from every
 * address: its owner signs in with a code sent by e-mail until `until`.
 */
export const pausedAccountSchema = z.object({
  email: z.string(),
  failures: z.number(),
  until: z.string(),
});
export type PausedAccount = z.infer<typeof pausedAccountSchema>;

export const pausedAccountsSchema = z.object({ accounts: z.array(pausedAccountSchema) });
export type PausedAccounts = z.infer<typeof pausedAccountsSchema>;

/** How far back a patient sees who read their record. */
export const recordReadsDays = 365;

/**
 * Who read a patient's record, for the patient: each person (staff with their role, or a
 * caregiver the patient granted), what they read and on which clinic day, with how often
 * and when last. Never who else's record they read.
 */
export const recordReadSchema = z.object({
  reader: z.object({
    name: z.string(),
    /** Staff's role, or `caregiver` for a person the patient granted. */
    role: z.union([roleSchema, z.literal('caregiver')]),
  }),
  /** What was read: the kind of the audit entry (`chart-read`, `observation-read`, …). */
  type: z.string(),
  day: z.string(),
  last: z.string(),
  times: z.number(),
});
export type RecordRead = z.infer<typeof recordReadSchema>;

export const recordReadsSchema = z.object({ reads: z.array(recordReadSchema) });
export type RecordReads = z.infer<typeof recordReadsSchema>;
