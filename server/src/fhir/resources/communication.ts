import type { Communication } from 'fhir/r4';
import { lastUpdatedOf, patientReference, personReference, type RecordRow } from './references';

/** A message in a patient's care-team conversation, as the FHIR API reads it (`messages`). */
export interface CommunicationRow extends RecordRow {
  senderId: string;
  senderRole: string;
  content: string;
}

/**
 * A care-team message as FHIR R4 has it: completed, about the patient, sent when it was
 * stored, by whoever wrote it, with its words.
 */
export function communicationResource(row: CommunicationRow): Communication {
  return {
    resourceType: 'Communication',
    id: row.id,
    ...lastUpdatedOf(row),
    status: 'completed',
    subject: patientReference(row.patientId),
    sent: row.at.toISOString(),
    sender: personReference(row.senderId, row.senderRole),
    payload: [{ contentString: row.content }],
  };
}
