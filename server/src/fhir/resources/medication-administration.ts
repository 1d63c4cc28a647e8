import type { MedicationAdministration } from 'fhir/r4';
import { lastUpdatedOf, patientReference, personReference, type RecordRow } from './references';

/** A dose marked taken, as the FHIR API reads it (`medication_administrations`). */
export interface MedicationAdministrationRow extends RecordRow {
  requestId: string;
  medicine: string;
  recorderId: string;
  recorderRole: string;
}

/**
 * A dose marked "Taken" as FHIR R4 has it: completed, of the prescription's medicine, when
 * it was marked, by whoever marked it. Its dose is the request's: written as the doctor wrote
 * it ("1 tablet"), it is no quantity, and FHIR's dosage here takes only a quantity.
 */
export function medicationAdministrationResource(
  row: MedicationAdministrationRow,
): MedicationAdministration {
  return {
    resourceType: 'MedicationAdministration',
    id: row.id,
    ...lastUpdatedOf(row),
    status: 'completed',
    medicationCodeableConcept: { text: row.medicine },
    subject: patientReference(row.patientId),
    effectiveDateTime: row.at.toISOString(),
    performer: [{ actor: personReference(row.recorderId, row.recorderRole) }],
    request: { reference: `MedicationRequest/${row.requestId}` },
  };
}
