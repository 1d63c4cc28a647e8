// The kinds of the audit trail and the export's size, without the schemas: the web's screens
// read these, and the schemas would bring more of the validation library to every page.

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
  'audit-exported': 'R',
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

/** The most entries one CSV export carries, newest first. */
export const auditExportLimit = 5000;
