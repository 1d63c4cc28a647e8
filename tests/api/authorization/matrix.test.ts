import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, type Role } from '@shared/role';
import { databaseVariants } from '../support/test-server';
import type { Answer } from '../auth/client';
import { isApiRoute, matrix, type Call, type MatrixEntry } from './matrix';
import { startWorld, type Caller, type World } from './world';

interface Cell {
  name: string;
  entry: MatrixEntry;
  role: Role | null;
  /** For owner routes: whether the resource is the caller's own. */
  own: boolean;
}

const callerRoles: (Role | null)[] = [...roles, null];

/** Routes on a resource someone owns: called on the caller's own and on another patient's. */
const ownable = (entry: MatrixEntry) =>
  entry.access.kind === 'owner' ||
  entry.access.kind === 'record' ||
  entry.access.kind === 'patient-record' ||
  entry.access.kind === 'prescriber' ||
  entry.access.kind === 'doctor-hours';

const cells: Cell[] = matrix.flatMap((entry) =>
  callerRoles.flatMap((role) => {
    const who = role ?? 'signed out';
    const label = (suffix: string) =>
      `${entry.route}${entry.endpoint ? ` (${entry.endpoint})` : ''} as ${who}${suffix}`;
    if (!ownable(entry)) return [{ name: label(''), entry, role, own: false }];
    const own = { name: label(' on its own'), entry, role, own: true };
    const foreign = { name: label(" on another's"), entry, role, own: false };
    return role === null ? [foreign] : [own, foreign];
  }),
);

function mayCall(cell: Cell): boolean {
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

function refusalsFor(cell: Cell): number[] {
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
 * photo; and for an event stream, the answer's head only (a refusal is read whole).
 */
async function send(caller: Caller, method: string, call: Call, stream: boolean): Promise<Answer> {
  const client = caller.client();
  if (!call.bytes && !stream) return client.call(method, call.path, call.body);
  const headers: Record<string, string> = { origin: client.baseUrl };
  const cookie = client.cookieHeader();
  if (cookie !== '') headers.cookie = cookie;
  if (call.bytes) headers['content-type'] = call.bytes.contentType;
  const hangUp = new AbortController();
  const response = await fetch(new URL(call.path, client.baseUrl), {
    method,
    headers,
    signal: hangUp.signal,
    ...(call.bytes ? { body: call.bytes.data } : {}),
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

describe.each(databaseVariants)('the authorization matrix on the $name database', (variant) => {
  let world: World;
  const resources = new Map<string, string>();

  beforeAll(async () => {
    world = await startWorld(variant);
  });
  afterAll(async () => {
    await world.close();
  });

  it('describes every API route the server registers, and no route it does not', () => {
    const registered = world.server.routes
      .filter((route) => isApiRoute(route.url))
      .map((route) => `${route.method} ${route.url}`);
    const described = new Set<string>(matrix.map((entry) => entry.route));
    const missing = registered.filter((route) => !described.has(route));
    expect(missing, 'routes without an entry in tests/api/authorization/matrix.ts').toEqual([]);
    const stale = [...described].filter((route) => !registered.includes(route));
    expect(stale, 'matrix entries for routes the server does not have').toEqual([]);
  });

  async function resourceOf(entry: MatrixEntry, owner: Caller): Promise<string> {
    if (!entry.prepare) throw new Error(`${entry.route} is owner-only but has no prepare`);
    const key = `${entry.route} ${owner.userId}`;
    let id = resources.get(key);
    if (id === undefined) {
      id = await entry.prepare(world, owner);
      resources.set(key, id);
    }
    return id;
  }

  it.each(cells)('$name', async (cell) => {
    const caller = cell.role === null ? world.signedOut : world.byRole[cell.role];
    let resource = '';
    if (ownable(cell.entry)) {
      // "Another's" is always another patient's: the patient's, or the second patient's.
      const other = cell.role === 'patient' ? world.otherPatient : world.byRole.patient;
      resource = await resourceOf(cell.entry, cell.own ? caller : other);
    } else if (cell.entry.prepare) {
      resource = await resourceOf(cell.entry, caller);
    }
    const context = { world, caller, resource };
    const call = cell.entry.call(context);
    const method = cell.entry.route.split(' ')[0]!;
    const answer = await send(caller, method, call, cell.entry.stream === true);
    const summary = `${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`;

    if (mayCall(cell)) {
      expect(cell.entry.allowed ?? [200], summary).toContain(answer.status);
      if (cell.entry.stream) {
        expect(answer.headers.get('content-type')).toMatch(/^text\/event-stream/);
        expect(answer.headers.get('cache-control')).toBe('no-store');
      }
      await cell.entry.check?.(answer, context);
    } else {
      expect(refusalsFor(cell), summary).toContain(answer.status);
      expect(answer.body).toEqual({
        error: { code: expect.any(String) as string, message: expect.any(String) as string },
      });
    }
  });
});
