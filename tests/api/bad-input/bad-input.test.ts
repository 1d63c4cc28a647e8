import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matrix, type MatrixEntry } from '../authorization/matrix';
import { nextAddress, startWorld, type Caller, type World } from '../authorization/world';
import { snapshotDatabase } from '../support/database-snapshot';
import { databaseVariants } from '../support/test-server';

/** One bent request: what is sent, and whether any server must refuse it. */
interface Mutation {
  label: string;
  /** The raw request body, sent as is. */
  body: string | undefined;
  contentType: string;
  /** A replacement for the path's last segment (routes with a parameter). */
  param?: string;
  /** True when no reading of the request could make it valid: the answer must be a 4xx. */
  mustRefuse: boolean;
}

const injections = [
  "' OR '1'='1' --",
  '\'; drop table "user"; --',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '\u0000\u0001\u001f',
  '%00%0d%0aSet-Cookie: x=y',
  '{"$gt": ""}',
  'javascript:alert(1)',
];

const unicodeHeavy = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 200 });
const oversized = fc.integer({ min: 10_000, max: 200_000 }).map((n) => 'x'.repeat(n));
const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue(), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue(), { maxKeys: 4 }),
);
const nastyString = fc.oneof(fc.constantFrom(...injections), unicodeHeavy, oversized);

const json = (value: unknown) => JSON.stringify(value);
const jsonType = 'application/json';

/** Every way of bending the entry's well-formed body. */
function mutations(valid: Record<string, unknown> | undefined, hasParam: boolean) {
  const keys = Object.keys(valid ?? {});
  const withBody: fc.Arbitrary<Mutation>[] = [];
  if (valid !== undefined) {
    const key = fc.constantFrom(...keys);
    withBody.push(
      fc.string({ maxLength: 60 }).map((text) => ({
        label: 'malformed JSON',
        body: `{${text}`,
        contentType: jsonType,
        mustRefuse: true,
      })),
      wrongType
        .filter((value) => typeof value !== 'object' || value === null || Array.isArray(value))
        .map((value) => ({
          label: 'a body of the wrong type',
          body: json(value),
          contentType: jsonType,
          mustRefuse: true,
        })),
      key.map((missing) => ({
        label: `without ${missing}`,
        body: json(Object.fromEntries(Object.entries(valid).filter(([k]) => k !== missing))),
        contentType: jsonType,
        mustRefuse: true,
      })),
      fc.tuple(key, wrongType).map(([field, value]) => ({
        label: `${field} of the wrong type`,
        body: json({ ...valid, [field]: value }),
        contentType: jsonType,
        mustRefuse: typeof value !== 'string',
      })),
      fc.tuple(key, nastyString).map(([field, value]) => ({
        label: `${field} bent (${value.length} characters)`,
        body: json({ ...valid, [field]: value }),
        contentType: jsonType,
        mustRefuse: false,
      })),
      fc
        .tuple(
          fc.constantFrom('role', 'userId', 'id', '__proto__', 'constructor', 'emailVerified'),
          fc.jsonValue(),
        )
        .map(([field, value]) => ({
          label: `with an extra ${field}`,
          body: `${json(valid).slice(0, -1)}${keys.length > 0 ? ',' : ''}${json(field)}:${json(value)}}`,
          contentType: jsonType,
          mustRefuse: false,
        })),
      fc.constant({
        label: 'a body over the size limit',
        body: json({ ...valid, [keys[0] ?? 'x']: 'x'.repeat(1_100_000) }),
        contentType: jsonType,
        mustRefuse: true,
      }),
      fc
        .constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml')
        .map((contentType) => ({
          label: `sent as ${contentType}`,
          body: json(valid),
          contentType,
          mustRefuse: false,
        })),
    );
  }
  if (hasParam) {
    withBody.push(
      fc.oneof(fc.constantFrom(...injections), unicodeHeavy, oversized).map((param) => ({
        label: `a path parameter bent (${param.length} characters)`,
        body: valid === undefined ? undefined : json(valid),
        contentType: jsonType,
        param,
        mustRefuse: true,
      })),
    );
  }
  return fc.oneof(...withBody);
}

/** A caller the entry lets through, so refusals come from the input, not from authorization. */
function permittedCaller(world: World, entry: MatrixEntry): Caller {
  switch (entry.access.kind) {
    case 'public':
      return world.signedOut;
    case 'signed-in':
    case 'owner':
      return world.byRole.patient;
    case 'roles':
      return world.byRole[entry.access.roles[0] ?? 'patient'];
  }
}

const looksLikeStack = /\n\s+at |node_modules|\.ts:\d+|\.js:\d+/;

/** Entries that take a JSON body or a path parameter. */
const targets = matrix.filter(
  (entry) => !entry.route.startsWith('GET ') || entry.route.includes(':'),
);

describe.each(databaseVariants)('bad input on the $name database', (variant) => {
  let world: World;

  beforeAll(async () => {
    world = await startWorld(variant);
  });
  afterAll(async () => {
    await world.close();
  });

  it.each(targets.map((entry) => ({ name: entry.endpoint ?? entry.route, entry })))(
    '$name answers every bent request with a 4xx JSON error, and refused calls change nothing',
    async ({ entry }) => {
      const caller = permittedCaller(world, entry);
      const resource = entry.prepare ? await entry.prepare(world, caller) : '';
      const method = entry.route.split(' ')[0]!;
      const valid = entry.call({ world, caller, resource });

      await fc.assert(
        fc.asyncProperty(mutations(valid.body, entry.route.includes(':')), async (mutation) => {
          const fresh = entry.call({ world, caller, resource });
          const path =
            mutation.param === undefined
              ? fresh.path
              : `${fresh.path.slice(0, fresh.path.lastIndexOf('/'))}/${encodeURIComponent(mutation.param)}`;
          const before = await snapshotDatabase(world.server.database.db);
          const headers: Record<string, string> = {
            origin: world.server.url,
            'x-forwarded-for': nextAddress(),
            'content-type': mutation.contentType,
          };
          const cookie = caller.client().cookieHeader();
          if (cookie !== '') headers.cookie = cookie;
          const response = await fetch(`${world.server.url}${path}`, {
            method,
            headers,
            ...(mutation.body !== undefined ? { body: mutation.body } : {}),
          });
          const text = await response.text();
          const context = `${mutation.label}: ${response.status} ${text.slice(0, 300)}`;

          expect(response.status, context).toBeLessThan(500);
          expect(looksLikeStack.test(text), context).toBe(false);
          if (mutation.mustRefuse) expect(response.status, context).toBeGreaterThanOrEqual(400);
          if (response.status >= 400) {
            expect(JSON.parse(text), context).toEqual({
              error: { code: expect.any(String) as string, message: expect.any(String) as string },
            });
            expect(await snapshotDatabase(world.server.database.db), context).toEqual(before);
          }
        }),
        { numRuns: 50 },
      );
    },
    120_000,
  );
});
