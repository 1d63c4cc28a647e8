import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, type Role } from '@shared/role';
import { databaseVariants } from '../support/test-server';
import { matrix, isApiRoute, type MatrixEntry } from './matrix';
import { mayCall, ownable, refusalsFor, refusedBody, send, type Cell } from './cells';
import { startWorld, type Caller, type World } from './world';

const callerRoles: (Role | null)[] = [...roles, null];

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
      expect(answer.body).toEqual(refusedBody(cell.entry));
    }
  });
});
