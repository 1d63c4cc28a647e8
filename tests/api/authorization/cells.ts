import { expect } from 'vitest';
import { fhirBasePath } from '@shared/fhir';
import { smartTokenPath } from '@shared/smart';
import type { Role } from '@shared/role';
import type { Answer } from '../auth/client';
import type { Call, MatrixEntry } from './matrix';
import type { Caller } from './world';

/** One cell of the matrix: a route, who calls it, and on whose resource. */
export interface Cell {
  name: string;
  entry: MatrixEntry;
  role: Role | null;
  /** For owner routes: whether the resource is the caller's own. */
  own: boolean;
}

/** Routes on a resource someone owns: called on the caller's own and on another patient's. */
export const ownable = (entry: MatrixEntry) =>
  entry.access.kind === 'owner' ||
  entry.access.kind === 'record' ||
  entry.access.kind === 'patient-record' ||
  entry.access.kind === 'prescriber' ||
  entry.access.kind === 'doctor-hours';

export function mayCall(cell: Cell): boolean {
  const { access } = cell.entry;
  switch (access.kind) {
    case 'public':
      return true;
    case 'signed-in':
      return cell.role !== null;
    case 'roles':
      return cell.role !== null && access.roles.includes(cell.role);
    case 'owner':
      return cell.role !== null && (cell.own || access.alsoRoles.includes(cell.role));
    case 'record':
      return cell.role !== null && (cell.own || cell.role === 'doctor');
    case 'patient-record':
      // Only a patient's own id names a patient; the doctor's "another's" is the demo patient.
      return cell.own ? cell.role === 'patient' : cell.role === 'doctor';
    case 'prescriber':
      // Only the doctor, on the demo patient they care for.
      return !cell.own && cell.role === 'doctor';
    case 'doctor-hours':
      // The doctor on their own hours; a manager on any doctor's.
      return cell.role === 'manager' || (cell.own && cell.role === 'doctor');
  }
}

export function refusalsFor(cell: Cell): number[] {
  if (cell.role === null) return [401];
  if (cell.entry.access.kind === 'patient-record') return [404];
  if (cell.entry.access.kind === 'doctor-hours') return [404];
  if (cell.entry.access.kind === 'prescriber') {
    // A patient at their own record is told only a doctor may; anyone else meets no patient.
    return cell.own && cell.role === 'patient' ? [403] : [404];
  }
  return ownable(cell.entry) ? [403, 404] : [403];
}

/**
 * Sends a cell's call: JSON through the test client; raw bytes as the web app sends a
 * photo; a form as a system posts one for a token; and for an event stream, the answer's
 * head only (a refusal is read whole).
 */
export async function send(
  caller: Caller,
  method: string,
  call: Call,
  stream: boolean,
  extraHeaders: Record<string, string> = {},
): Promise<Answer> {
  const client = caller.client();
  if (!call.bytes && !call.form && !stream) {
    return client.call(method, call.path, call.body, { headers: extraHeaders });
  }
  const headers: Record<string, string> = { ...extraHeaders, origin: client.baseUrl };
  const cookie = client.cookieHeader();
  if (cookie !== '') headers.cookie = cookie;
  if (call.bytes) headers['content-type'] = call.bytes.contentType;
  if (call.form) headers['content-type'] = 'application/x-www-form-urlencoded';
  const sent = call.bytes?.data ?? (call.form && new URLSearchParams(call.form).toString());
  const hangUp = new AbortController();
  const response = await fetch(new URL(call.path, client.baseUrl), {
    method,
    headers,
    signal: hangUp.signal,
    ...(sent !== undefined ? { body: sent } : {}),
  });
  if (stream && response.ok) {
    hangUp.abort();
    return { status: response.status, headers: response.headers, body: null, setCookies: [] };
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: the assertions show the text
  }
  return { status: response.status, headers: response.headers, body, setCookies: [] };
}

/**
 * What a refusal of the entry's route looks like: the app's error (a code and a message); at
 * the SMART token endpoint an OAuth error (RFC 6749 §5.2); elsewhere within the FHIR API an
 * OperationOutcome; with no route known, the app's.
 */
export function refusedBody(entry: MatrixEntry | undefined): unknown {
  if (entry?.route === `POST ${smartTokenPath}`) {
    return { error: expect.any(String) as string, error_description: expect.any(String) as string };
  }
  if (entry?.route.split(' ')[1]?.startsWith(`${fhirBasePath}/`)) {
    return {
      resourceType: 'OperationOutcome',
      issue: [expect.objectContaining({ code: expect.any(String) as string })],
    };
  }
  return { error: { code: expect.any(String) as string, message: expect.any(String) as string } };
}
