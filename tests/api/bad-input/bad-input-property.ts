import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matrix, type Call, type MatrixEntry } from '../authorization/matrix';
import { refusedBody } from '../authorization/cells';
import { nextAddress, startWorld, type Caller, type World } from '../authorization/world';
import { snapshotDatabase, settleDueTexts } from '../support/database-snapshot';
import { databaseVariants } from '../support/test-server';

/** One bent request: what is sent, and whether any server must refuse it. */
interface Mutation {
  label: string;
  /** The raw request body, sent as is. */
  body: string | Buffer | undefined;
  contentType: string;
  /** A replacement for the path parameter's segment (routes with a parameter). */
  param?: string;
  /** A query string to append, without its `?`. */
  query?: string;
  /** More request headers. */
  headers?: Record<string, string>;
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
/** A JSON value's kind, telling a list from an object and null from both. */
const kindOf = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
const jsonType = 'application/json';

/** A real photo's first bytes: whatever follows, the server reads it as that format. */
const looksLikePhoto = (bytes: Uint8Array) =>
  (bytes[0] === 0xff && bytes[1] === 0xd8) || (bytes[0] === 0x89 && bytes[1] === 0x50);

/** Every way of bending a photo upload: bodies that are no photo, and misleading headers. */
function photoMutations(valid: NonNullable<Call['bytes']>): fc.Arbitrary<Mutation>[] {
  const photoType = fc.constantFrom('image/png', 'image/jpeg');
  const notAPhoto = fc.oneof(
    fc.uint8Array({ maxLength: 2_000 }).filter((bytes) => !looksLikePhoto(bytes)),
    fc.string({ maxLength: 200 }).map((text) => new TextEncoder().encode(text)),
    fc.constantFrom(...injections).map((text) => new TextEncoder().encode(text)),
    fc.constant(new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n')),
    fc.constant(new TextEncoder().encode('GIF89a\u0001\u0000\u0001\u0000')),
    fc.constant(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>')),
  );
  return [
    fc.tuple(notAPhoto, photoType).map(([bytes, contentType]) => ({
      label: `${bytes.length} bytes that are no photo, sent as ${contentType}`,
      body: Buffer.from(bytes),
      contentType,
      mustRefuse: true,
    })),
    fc
      .constantFrom('text/plain', 'application/json', 'image/gif', 'application/octet-stream', '')
      .map((contentType) => ({
        // The header says nothing: a real photo is kept for what its bytes are.
        label: `a photo sent as ${contentType || 'no type'}`,
        body: valid.data,
        contentType,
        mustRefuse: false,
      })),
    fc.constant({
      label: 'a photo claimed by another account',
      body: valid.data,
      contentType: valid.contentType,
      headers: { 'x-upload-owner': 'someone-else' },
      mustRefuse: true,
    }),
  ];
}

const formType = 'application/x-www-form-urlencoded';
const encoded = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/**
 * Every way of bending a form (the SMART token endpoint's): each parameter left out, bent,
 * given twice; text that is no such form; the form in another type; too large. Each parameter
 * is needed as sent, so all of these must be refused but an extra parameter.
 */
function formMutations(form: Record<string, string>): fc.Arbitrary<Mutation>[] {
  const key = fc.constantFrom(...Object.keys(form));
  const without = (missing: string) =>
    Object.fromEntries(Object.entries(form).filter(([name]) => name !== missing));
  return [
    key.map((missing) => ({
      label: `without ${missing}`,
      body: encoded(without(missing)),
      contentType: formType,
      mustRefuse: true,
    })),
    fc.tuple(key, nastyString).map(([field, value]) => ({
      label: `${field} bent (${value.length} characters)`,
      body: encoded({ ...form, [field]: value }),
      contentType: formType,
      mustRefuse: true,
    })),
    key.map((field) => ({
      label: `${field} given twice`,
      body: `${encoded(form)}&${encoded({ [field]: form[field] ?? '' })}`,
      contentType: formType,
      mustRefuse: true,
    })),
    fc.string({ maxLength: 200 }).map((text) => ({
      label: 'text that is no such form',
      body: text,
      contentType: formType,
      mustRefuse: true,
    })),
    fc.constantFrom('application/json', 'text/plain', 'application/xml', '').map((contentType) => ({
      label: `sent as ${contentType || 'no type'}`,
      body: contentType === jsonType ? json(form) : encoded(form),
      contentType,
      mustRefuse: true,
    })),
    fc
      .tuple(
        fc.constantFrom('role', 'userId', 'id', '__proto__', 'constructor', 'client_id'),
        fc.string({ maxLength: 40 }),
      )
      .map(([field, value]) => ({
        label: `with an extra ${field}`,
        body: `${encoded(form)}&${encoded({ [field]: value })}`,
        contentType: formType,
        mustRefuse: false,
      })),
    fc.constant({
      label: 'a form over the size limit',
      body: encoded({ ...form, scope: 'x'.repeat(1_100_000) }),
      contentType: formType,
      mustRefuse: true,
    }),
  ];
}

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Every way of bending the entry's well-formed body. */
function mutations(valid: Call, entry: MatrixEntry) {
  const hasParam = entry.route.includes(':');
  const optional = entry.optional ?? [];
  const keys = Object.keys(valid.body ?? {});
  const withBody: fc.Arbitrary<Mutation>[] = valid.bytes ? photoMutations(valid.bytes) : [];
  if (valid.form) withBody.push(...formMutations(valid.form));
  const validBody =
    valid.bytes?.data ??
    (valid.form && encoded(valid.form)) ??
    (valid.body === undefined ? undefined : json(valid.body));
  const validType = valid.bytes?.contentType ?? (valid.form ? formType : jsonType);
  if (valid.body !== undefined) {
    const body = valid.body;
    const key = fc.constantFrom(...keys);
    withBody.push(
      fc
        .string({ maxLength: 60 })
        // `{` and `}` make an empty object, which a route whose fields are all optional takes.
        .filter((text) => !parsesAsJson(`{${text}`))
        .map((text) => ({
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
        body: json(Object.fromEntries(Object.entries(body).filter(([k]) => k !== missing))),
        contentType: jsonType,
        mustRefuse: !optional.includes(missing),
      })),
      fc
        .tuple(key, wrongType)
        // What the server receives: JSON writes NaN and the infinities as null.
        .map(([field, value]) => [field, JSON.parse(json(value)) as unknown] as const)
        .map(([field, value]) => ({
          label: `${field} of the wrong type`,
          body: json({ ...body, [field]: value }),
          contentType: jsonType,
          // A value of the field's own kind may be one the field takes: an empty week where a
          // list belongs, true or false where a switch belongs, 15 where minutes belong.
          mustRefuse:
            typeof value !== 'string' &&
            !(value === null && optional.includes(field)) &&
            kindOf(value) !== kindOf(body[field]),
        })),
      fc.tuple(key, nastyString).map(([field, value]) => ({
        label: `${field} bent (${value.length} characters)`,
        body: json({ ...body, [field]: value }),
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
          body: `${json(body).slice(0, -1)}${keys.length > 0 ? ',' : ''}${json(field)}:${json(value)}}`,
          contentType: jsonType,
          mustRefuse: false,
        })),
      fc.constant({
        label: 'a body over the size limit',
        body: json({ ...body, [keys[0] ?? 'x']: 'x'.repeat(1_100_000) }),
        contentType: jsonType,
        mustRefuse: true,
      }),
      fc
        .constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml')
        .map((contentType) => ({
          label: `sent as ${contentType}`,
          body: json(body),
          contentType,
          mustRefuse: false,
        })),
    );
  }
  if (hasParam) {
    withBody.push(
      fc.oneof(fc.constantFrom(...injections), unicodeHeavy, oversized).map((param) => ({
        label: `a path parameter bent (${param.length} characters)`,
        body: validBody,
        contentType: validType,
        param,
        mustRefuse: true,
      })),
    );
  }
  const query = Object.entries(entry.query ?? {});
  if (query.length > 0) {
    const parameter = fc.constantFrom(...query);
    withBody.push(
      fc.tuple(parameter, nastyString).map(([[name, kind], value]) => ({
        label: `${name} bent (${value.length} characters)`,
        body: validBody,
        contentType: validType,
        query: `${name}=${encodeURIComponent(value)}`,
        mustRefuse: kind === 'checked',
      })),
      fc
        .tuple(parameter, fc.array(fc.uuid(), { minLength: 2, maxLength: 4 }))
        .map(([[name, kind], values]) => ({
          label: `${name} given ${values.length} times`,
          body: validBody,
          contentType: validType,
          query: values.map((value) => `${name}=${value}`).join('&'),
          mustRefuse: kind === 'checked',
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
    case 'record':
    case 'patient-record':
      return world.byRole.patient;
    case 'prescriber':
    case 'doctor-hours':
      return world.byRole.doctor;
    case 'roles':
      return world.byRole[entry.access.roles[0] ?? 'patient'];
  }
}

/** Whose resource the call acts on: the caller's own, or for a prescriber the patient's. */
function resourceOwner(world: World, entry: MatrixEntry, caller: Caller): Caller {
  return entry.access.kind === 'prescriber' ? world.byRole.patient : caller;
}

const looksLikeStack = /\n\s+at |node_modules|\.ts:\d+|\.js:\d+/;

/** Entries with nothing to bend, and why. */
const excluded: Record<string, string> = {
  'POST /api/messaging/care-team': 'takes no body and no parameter; whatever is sent is ignored',
  'GET /api/messaging/events': 'a long-lived stream that takes no input',
  'GET /api/visits/events': 'a long-lived stream that takes no input',
};

/** Entries that take a body, a path parameter or a query. */
const targets = matrix.filter(
  (entry) =>
    excluded[entry.route] === undefined &&
    (!entry.route.startsWith('GET ') || entry.route.includes(':') || entry.query !== undefined),
);

/** The path with the route's `:param` segment replaced. */
function withParam(entry: MatrixEntry, path: string, param: string): string {
  const at = entry.route
    .split(' ')[1]!
    .split('/')
    .findIndex((segment) => segment.startsWith(':'));
  const segments = path.split('/');
  segments[at] = encodeURIComponent(param);
  return segments.join('/');
}

/**
 * On each database, every route `include` takes answers every bent request with a 4xx JSON
 * error and changes nothing when it refuses. The routes are shared between test files so
 * that they run side by side: generated against every endpoint, they are the longest tests.
 */
export function describeBadInput(include: (entry: MatrixEntry) => boolean): void {
  const routes = targets.filter(include);
  describe.each(databaseVariants)('bad input on the $name database', (variant) => {
    let world: World;

    beforeAll(async () => {
      world = await startWorld(variant);
    });
    afterAll(async () => {
      await world.close();
    });

    it.each(routes.map((entry) => ({ name: entry.endpoint ?? entry.route, entry })))(
      '$name answers every bent request with a 4xx JSON error, and refused calls change nothing',
      async ({ entry }) => {
        const caller = permittedCaller(world, entry);
        const owner = resourceOwner(world, entry, caller);
        const resource = entry.prepare ? await entry.prepare(world, owner) : '';
        const method = entry.route.split(' ')[0]!;
        const valid = entry.call({ world, caller, resource });

        await fc.assert(
          fc.asyncProperty(mutations(valid, entry), async (mutation) => {
            const fresh = entry.call({ world, caller, resource });
            const bare =
              mutation.param === undefined
                ? fresh.path
                : withParam(entry, fresh.path, mutation.param);
            const path =
              mutation.query === undefined
                ? bare
                : `${bare}${bare.includes('?') ? '&' : '?'}${mutation.query}`;
            await settleDueTexts(world.server.database.db);
            const before = await snapshotDatabase(world.server.database.db);
            const headers: Record<string, string> = {
              origin: world.server.url,
              'x-forwarded-for': nextAddress(),
              ...mutation.headers,
            };
            if (mutation.contentType !== '') headers['content-type'] = mutation.contentType;
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
              // A request Node cannot parse is answered before any route is known.
              const unparsed = response.status === 431;
              expect(JSON.parse(text), context).toEqual(
                unparsed ? refusedBody(undefined) : refusedBody(entry),
              );
              expect(await snapshotDatabase(world.server.database.db), context).toEqual(before);
            }
          }),
          { numRuns: 50 },
        );
      },
      120_000,
    );
  });
}

/** A route of the FHIR API (`/fhir/R4/...`), its token endpoint included. */
export function isFhirRoute(entry: MatrixEntry): boolean {
  return entry.route.split(' ')[1]!.startsWith('/fhir/');
}
