import type { Reference } from 'fhir/r4';

/**
 * Who did something, as a FHIR reference: a doctor is a Practitioner; anyone else who
 * records for a patient (the patient, or someone acting for them) is a Patient, as every
 * account that is not staff is.
 */
export function personReference(id: string, role: string): Reference {
  return { reference: role === 'doctor' ? `Practitioner/${id}` : `Patient/${id}` };
}

export const patientReference = (id: string): Reference => ({ reference: `Patient/${id}` });

/** A person's name as FHIR has it, or nothing when they gave none. */
export function humanName(first: string | null, last: string | null) {
  const given = first?.trim() ?? '';
  const family = last?.trim() ?? '';
  const text = [given, family].filter(Boolean).join(' ');
  if (!text) return {};
  return {
    name: [
      {
        use: 'official' as const,
        text,
        ...(family ? { family } : {}),
        ...(given ? { given: [given] } : {}),
      },
    ],
  };
}

/** The rows of a patient's record the FHIR API pages through: whose, and the moment pages run by. */
export interface RecordRow {
  id: string;
  patientId: string;
  /** The moment its search's date parameter and its pages run by. */
  at: Date;
  /** Its FHIR status, as the repository reads it. */
  status: string;
  /** When it last changed, when the record keeps that. */
  updatedAt: Date | null;
}

export const lastUpdatedOf = (row: RecordRow) =>
  row.updatedAt ? { meta: { lastUpdated: row.updatedAt.toISOString() } } : {};
