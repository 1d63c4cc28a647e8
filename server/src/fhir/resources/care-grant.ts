import type { Consent, RelatedPerson } from 'fhir/r4';
import { relationships, type Relationship } from '@shared/care-permissions';
import { consentOf, relatedPersonOf, type GrantFacts } from '../../care-circle/care-circle-fhir';
import type { RecordRow } from './references';

/** A grant of the patient's care circle, as the FHIR API reads it (`care_grants`). */
export type GrantRow = RecordRow & Omit<GrantFacts, 'id' | 'patientId' | 'createdAt'>;

/** A stored relationship the grant's form offers, else a family member in general. */
export function relationshipOf(stored: string): Relationship {
  return (relationships as readonly string[]).includes(stored) ? (stored as Relationship) : 'other';
}

const factsOf = (row: GrantRow): GrantFacts => ({
  ...row,
  id: row.id,
  patientId: row.patientId,
  createdAt: row.at,
});

/** The person a grant lets act for the patient (`care-circle-fhir.ts`). */
export const relatedPersonResource = (row: GrantRow): RelatedPerson =>
  relatedPersonOf(factsOf(row));

/** What the grant lets them do, as the patient's Consent (`care-circle-fhir.ts`). */
export const consentResource = (row: GrantRow): Consent => consentOf(factsOf(row));
