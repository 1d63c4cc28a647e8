import type { Patient } from 'fhir/r4';
import { bsToAd } from '@shared/onboarding';
import { humanName } from './references';

/** A patient's account and profile, as the FHIR API reads them. */
export interface PatientRow {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  gender: string | null;
  dobAd: string | null;
  dobBs: string | null;
  updatedAt: Date;
}

/** Family members without a login have an address nobody reads: it is not theirs to show. */
const placeholderAddress = /@dependents\.sewa\.invalid$/i;

const genders: Record<string, NonNullable<Patient['gender']>> = {
  male: 'male',
  female: 'female',
  other: 'other',
};

/**
 * A patient as FHIR R4 has them: their name, gender (one they chose not to say is unknown),
 * date of birth in AD (one given in BS is converted with the app's own calendar tables), and
 * their e-mail when they have one. A family member without a login is a Patient like any other.
 */
export function patientResource(row: PatientRow): Patient {
  const birthDate = row.dobAd ?? (row.dobBs ? bsToAd(row.dobBs) : null);
  return {
    resourceType: 'Patient',
    id: row.id,
    meta: { lastUpdated: row.updatedAt.toISOString() },
    active: true,
    ...humanName(row.firstName, row.lastName),
    gender: row.gender ? (genders[row.gender] ?? 'unknown') : 'unknown',
    ...(birthDate ? { birthDate } : {}),
    ...(placeholderAddress.test(row.email)
      ? {}
      : { telecom: [{ system: 'email', value: row.email }] }),
  };
}
