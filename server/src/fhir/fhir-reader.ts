import type { Caller } from '../auth/callers';

/**
 * Who reads through the FHIR API. A person signed in to the app (its session, or a JWT from
 * `/api/auth/token`) reads what the app's one access rule lets them read.
 */
export interface PersonReader {
  kind: 'person';
  caller: Caller;
  /** The client address the server believed (see TRUST_PROXY). */
  address: string;
}

export type FhirReader = PersonReader;

export const personReader = (caller: Caller, address: string): PersonReader => ({
  kind: 'person',
  caller,
  address,
});
