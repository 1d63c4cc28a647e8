import * as z from 'zod/mini';
import { roleSchema } from './role';

/**
 * What an audit entry records, by kind. Each kind has its FHIR AuditEvent action:
 * C create, R read, U update, D delete, E execute.
 */
export const auditTypes = {
  login: 'E',
  logout: 'E',
  'password-reset': 'U',
  'password-changed': 'U',
  'second-factor-added': 'C',
  'second-factor-removed': 'D',
  'role-changed': 'U',
  'profile-changed': 'U',
  'conversation-read': 'R',
  'message-sent': 'C',
  'photo-uploaded': 'C',
  'photo-read': 'R',
  'visit-read': 'R',
  'visit-changed': 'U',
  'observation-created': 'C',
  'observation-read': 'R',
  'medication-prescribed': 'C',
  'medication-stopped': 'U',
  'medication-read': 'R',
  'dose-taken': 'C',
  'chart-read': 'R',
  'patient-read': 'R',
  'appointment-changed': 'U',
  'appointment-read': 'R',
  'doctor-hours-changed': 'U',
  'audit-read': 'R',
  'notification-records-read': 'R',
  'care-invitation-sent': 'C',
  'care-invitation-cancelled': 'U',
  'care-access-granted': 'C',
  'care-access-changed': 'U',
  'care-access-removed': 'D',
  'dependent-added': 'C',
  'dependent-login-invited': 'C',
  'dependent-login-claimed': 'U',
  'clinic-added': 'C',
  'clinic-changed': 'U',
  'clinic-staff-changed': 'U',
  'hmis-report-sent': 'E',
  'smart-client-registered': 'C',
  'smart-client-removed': 'D',
  'smart-token-issued': 'E',
  'person-deactivated': 'U',
  'person-reactivated': 'U',
  'person-changed': 'U',
  'second-factor-reset': 'D',
  'staff-invitation-sent': 'C',
  'staff-invitation-accepted': 'C',
} as const;

export type AuditType = keyof typeof auditTypes;
export type AuditAction = (typeof auditTypes)[AuditType];

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
  }),
  entity: z.object({
    type: z.string(),
    id: z.nullable(z.string()),
    subjectId: z.nullable(z.string()),
  }),
  detail: z.nullable(z.record(z.string(), z.unknown())),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The most entries one page carries, and the default. */
export const auditPageLimit = { max: 200, default: 50 } as const;

/**
 * `GET /api/audit`: newest first, filtered by the agent's e-mail, a record's id, or a
 * time; `before` is the `next` of the previous page.
 */
export const auditQuerySchema = z.object({
  user: z.optional(z.email('Please enter a valid e-mail address')),
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
