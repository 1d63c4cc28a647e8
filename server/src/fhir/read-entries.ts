import type { AuditEntityType, AuditType } from '@shared/audit';
import type { ReadEntry } from './fhir-reading';
import type { ObservationRow } from './resources/observation';
import type { PatientRow } from './resources/patient';
import type { RecordRow } from './resources/references';

/** How the trail names a read of a record's row: what it is, and whose. */
export const readOf = (type: AuditType, entity: AuditEntityType, row: RecordRow): ReadEntry => ({
  type,
  entity: { type: entity, id: row.id, subjectId: row.patientId },
});

export const observationRead = (row: ObservationRow): ReadEntry => ({
  type: 'observation-read',
  entity: { type: 'observation', id: row.id, subjectId: row.patientId },
});

export const patientRead = (row: PatientRow): ReadEntry => ({
  type: 'patient-read',
  entity: { type: 'patient-record', id: row.id, subjectId: row.id },
});
