import type { Practitioner } from 'fhir/r4';
import { humanName } from './references';

/** A doctor's account and profile, as the FHIR API reads them. */
export interface PractitionerRow {
  id: string;
  firstName: string | null;
  lastName: string | null;
  updatedAt: Date;
}

/**
 * A doctor as FHIR R4 has them: their name, nothing more. Their address and number are
 * their own, not the network's to hand out.
 */
export function practitionerResource(row: PractitionerRow): Practitioner {
  return {
    resourceType: 'Practitioner',
    id: row.id,
    meta: { lastUpdated: row.updatedAt.toISOString() },
    active: true,
    ...humanName(row.firstName, row.lastName),
  };
}
