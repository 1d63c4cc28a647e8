import type { AuditAgent, AuditRecord } from '../audit/audit-repository';
import type { VisitAnnouncement } from '../realtime/visit-hub';
import type { AppointmentChange } from './appointments-repository';

/** The one shape of an appointment's change in the trail: who, and from which status to which. */
export function appointmentChanged(
  agent: AuditAgent,
  change: Pick<AppointmentChange, 'id' | 'patientId'> & {
    from: AppointmentChange['from'] | null;
    to: AppointmentChange['to'];
  },
  detail: Record<string, unknown> = {},
): AuditRecord {
  return {
    type: 'appointment-changed',
    agent,
    entity: { type: 'appointment', id: change.id, subjectId: change.patientId },
    detail: { from: change.from, to: change.to, ...detail },
  };
}

/** What tells a doctor their day changed. */
export function dayChanged(doctorId: string): VisitAnnouncement {
  return { kind: 'appointments', doctorId };
}
