import type { FastifyRequest } from 'fastify';
import type { Caller } from '../auth/callers';
import type { RequireUser } from '../auth/require-user';
import { systemTokenIn } from '../smart/system-token';

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

/**
 * A system the superadmin registered (SMART Backend Services), reading with an access token
 * from `/fhir/R4/auth/token`: every patient's resources of the types its scopes cover, each
 * read recorded under its client id.
 */
export interface SystemReader {
  kind: 'system';
  /** The registered client's id (its OAuth `client_id`). */
  clientId: string;
  /** The scopes the token was granted (`system/Observation.rs`, `system/*.read`). */
  scopes: readonly string[];
  /** The client address the server believed (see TRUST_PROXY). */
  address: string;
}

export type FhirReader = PersonReader | SystemReader;

export const personReader = (caller: Caller, address: string): PersonReader => ({
  kind: 'person',
  caller,
  address,
});

export const systemReader = (
  clientId: string,
  scopes: readonly string[],
  address: string,
): SystemReader => ({ kind: 'system', clientId, scopes, address });

export interface FhirReaderDeps {
  requireUser: RequireUser;
  /** The system a system token names, or a 401 when it names none that lives. */
  systemReaderOf(token: string, address: string): Promise<SystemReader>;
}

/**
 * Who reads in a request to the FHIR API: a bearer token with the system tokens' prefix is a
 * system's, and only that (never then tried as the app's JWT); anything else is the app's own
 * session or JWT, as on every other route.
 */
export function fhirReaderOf(deps: FhirReaderDeps) {
  return async (request: FastifyRequest): Promise<FhirReader> => {
    const token = systemTokenIn(request.headers.authorization);
    if (token !== null) return deps.systemReaderOf(token, request.ip);
    return personReader(await deps.requireUser(request), request.ip);
  };
}

export type FhirReaderOf = ReturnType<typeof fhirReaderOf>;
