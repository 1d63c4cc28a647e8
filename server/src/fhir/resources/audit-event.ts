import type { AuditEvent, AuditEventAgent, AuditEventEntity, Reference } from 'fhir/r4';
import type { AuditAction } from '@shared/audit';

/** An entry of the audit trail, as the FHIR API reads it (`audit_events`). */
export interface AuditEventRow {
  id: string;
  recordedAt: Date;
  type: string;
  action: AuditAction;
  outcome: string;
  agentId: string | null;
  agentRole: string | null;
  address: string | null;
  onBehalfOf: string | null;
  entityType: string;
  entityId: string | null;
  subjectId: string | null;
  /** The registered system that read, when no person did. */
  client: string | null;
}

/** Our own identifiers for what FHIR has no resource for: an account, a conversation, a clinic. */
const identifierSystem = (kind: string) => `https://sewa.health/fhir/sid/${kind}`;

/** The trail's record types that are FHIR resources of the API, by the type FHIR gives them. */
const resourceTypes: Record<string, string> = {
  observation: 'Observation',
  visit: 'Encounter',
  'medication-request': 'MedicationRequest',
  'medication-administration': 'MedicationAdministration',
  appointment: 'Appointment',
  message: 'Communication',
  photo: 'DocumentReference',
  'care-grant': 'Consent',
  'patient-record': 'Patient',
};

function whoOf(row: AuditEventRow): Reference {
  if (row.agentId === null) {
    return row.client === null
      ? { display: 'Sewa' }
      : { identifier: { system: identifierSystem('smart-client'), value: row.client } };
  }
  if (row.agentRole === 'doctor') return { reference: `Practitioner/${row.agentId}` };
  if (row.agentRole === 'patient') return { reference: `Patient/${row.agentId}` };
  return {
    identifier: { system: identifierSystem('account'), value: row.agentId },
    ...(row.agentRole ? { display: row.agentRole } : {}),
  };
}

function whatOf(row: AuditEventRow): Reference | null {
  if (row.entityId === null) return null;
  const type = resourceTypes[row.entityType];
  return type
    ? { reference: `${type}/${row.entityId}` }
    : { identifier: { system: identifierSystem(row.entityType), value: row.entityId } };
}

/**
 * An entry of the trail as FHIR R4 has it: a RESTful operation of our own kind (the trail's
 * type), its action and outcome, who did it from where (and, acting for a patient, that
 * patient beside them), the record it touched and whose record that is. Its details stay on
 * the server: they are the operators', not a reader's.
 */
export function auditEventResource(row: AuditEventRow): AuditEvent {
  const agent: AuditEventAgent[] = [
    {
      who: whoOf(row),
      requestor: true,
      ...(row.address ? { network: { address: row.address, type: '2' as const } } : {}),
    },
    ...(row.onBehalfOf
      ? [{ who: { reference: `Patient/${row.onBehalfOf}` }, requestor: false }]
      : []),
  ];
  const what = whatOf(row);
  const entity: AuditEventEntity[] = [
    ...(what ? [{ what }] : []),
    ...(row.subjectId && row.entityType !== 'patient-record'
      ? [
          {
            what: { reference: `Patient/${row.subjectId}` },
            role: {
              system: 'http://terminology.hl7.org/CodeSystem/object-role',
              code: '1',
              display: 'Patient',
            },
          },
        ]
      : []),
  ];
  return {
    resourceType: 'AuditEvent',
    id: row.id,
    meta: { lastUpdated: row.recordedAt.toISOString() },
    type: {
      system: 'http://terminology.hl7.org/CodeSystem/audit-event-type',
      code: 'rest',
      display: 'RESTful Operation',
    },
    subtype: [{ system: 'https://sewa.health/fhir/CodeSystem/audit-type', code: row.type }],
    action: row.action,
    recorded: row.recordedAt.toISOString(),
    outcome: row.outcome === 'success' ? '0' : '4',
    agent,
    source: { observer: { display: 'Sewa' } },
    ...(entity.length > 0 ? { entity } : {}),
  };
}
