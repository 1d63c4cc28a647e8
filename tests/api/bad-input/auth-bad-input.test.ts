import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAddress, startWorld, type World } from '../authorization/world';
import { databaseVariants } from '../support/test-server';

/** Generated requests per database, spread over every endpoint under /api/auth. */
const requestsPerRun = 10_000;
/** Requests in flight at once: enough to keep the server busy, few enough for a small machine. */
const concurrency = 8;

interface AuthEndpoint {
  method: 'GET' | 'POST';
  /** Under /api/auth, with `:param` segments. */
  path: string;
}

/** Endpoints that end the session or the account they are called with; called signed out only. */
const endsTheSession = new Set([
  '/sign-out',
  '/revoke-session',
  '/revoke-sessions',
  '/revoke-other-sessions',
  '/delete-user',
  '/change-password',
]);

/** Every endpoint Better Auth serves under /api/auth, as its own table lists them. */
function endpointsOf(world: World): AuthEndpoint[] {
  const endpoints: AuthEndpoint[] = [];
  for (const endpoint of Object.values(world.server.auth.api as Record<string, unknown>)) {
    const { path, options } = endpoint as {
      path?: string;
      options?: { method?: string | string[]; metadata?: { SERVER_ONLY?: boolean } };
    };
    if (typeof path !== 'string' || options?.metadata?.SERVER_ONLY) continue;
    const methods = Array.isArray(options?.method) ? options.method : [options?.method];
    for (const method of methods) {
      if (method === 'GET' || method === 'POST') endpoints.push({ method, path });
    }
  }
  return endpoints;
}

/** The field names Better Auth's endpoints read, so generated bodies reach their checks. */
const fieldNames = [
  'email',
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'code',
  'otp',
  'name',
  'image',
  'callbackURL',
  'redirectTo',
  'inviteCode',
  'type',
  'phoneNumber',
  'updatePhoneNumber',
  'trustDevice',
  'rememberMe',
  'response',
  'sessionToken',
  'id',
  'provider',
  'idToken',
  'disableRedirect',
  'revokeOtherSessions',
  'issuer',
];

const injections = [
  "' OR '1'='1' --",
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '\u0000',
  'a\u0000b',
  '%00',
  '{"$gt": ""}',
  'javascript:alert(1)',
  'https://attacker.example/',
  '//attacker.example',
  'sign-in',
  'email-verification',
  'forget-password',
];

const text = fc.oneof(
  fc.constantFrom(...injections),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.emailAddress(),
  fc.stringMatching(/^\d{6}$/),
  fc.integer({ min: 0, max: 20_000 }).map((n) => 'x'.repeat(n)),
);

const value = fc.oneof(
  { depthSize: 'small' },
  text,
  fc.jsonValue({ maxDepth: 3 }),
  fc.constant(null),
  fc.integer(),
  fc.boolean(),
);

/** A body that names the fields the endpoints know, filled with anything. */
const knownFields = fc
  .uniqueArray(fc.constantFrom(...fieldNames), { minLength: 1, maxLength: 5 })
  .chain((names) => fc.tuple(...names.map((name) => fc.tuple(fc.constant(name), value))))
  .map((entries) => JSON.stringify(Object.fromEntries(entries)));

const nested = fc
  .tuple(fc.constantFrom('[', '{"a":'), fc.integer({ min: 5, max: 20_000 }))
  .map(([open, depth]) =>
    open === '['
      ? `${'['.repeat(depth)}${']'.repeat(depth)}`
      : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  );

const body = fc.oneof(
  { weight: 6, arbitrary: knownFields },
  { weight: 2, arbitrary: fc.jsonValue().map((json) => JSON.stringify(json)) },
  { weight: 1, arbitrary: nested },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((rest) => `{${rest}`) },
  { weight: 1, arbitrary: fc.constantFrom('null', '""', '0', '[]', '{}', 'true') },
);

const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  {
    weight: 1,
    arbitrary: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', ''),
  },
);

const query = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...fieldNames), fc.string({ maxLength: 8 })),
      fc.oneof(text, fc.constant('')),
    ),
    { maxLength: 3 },
  )
  .map((pairs) => new URLSearchParams(pairs).toString());

const pathParam = fc.oneof(
  fc.uuid(),
  text.filter((param) => param.length > 0),
);

interface BentRequest {
  endpoint: AuthEndpoint;
  signedIn: boolean;
  body: string;
  contentType: string;
  query: string;
  param: string;
}

function requestsFor(endpoints: AuthEndpoint[]): fc.Arbitrary<BentRequest> {
  return fc.record({
    endpoint: fc.constantFrom(...endpoints),
    signedIn: fc.boolean(),
    body,
    contentType,
    query,
    param: pathParam,
  });
}

const looksLikeStack = /\n\s+at |node_modules|\.ts:\d+|\.js:\d+/;

describe.each(databaseVariants)('bad input to /api/auth on the $name database', (variant) => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld(variant);
  });
  afterAll(() => world.close());

  it(`answers ${requestsPerRun.toLocaleString('en')} generated requests to every endpoint without a 5xx`, async () => {
    const endpoints = endpointsOf(world);
    expect(endpoints.length).toBeGreaterThan(40);
    const patient = world.byRole.patient.client().cookieHeader();
    const requests = fc.sample(requestsFor(endpoints), requestsPerRun);
    const byStatus = new Map<number, number>();
    const failures: string[] = [];

    async function send(request: BentRequest): Promise<void> {
      const { endpoint } = request;
      const path = endpoint.path.replace(/:[a-zA-Z]+/g, encodeURIComponent(request.param));
      const headers: Record<string, string> = {
        origin: world.server.url,
        'x-forwarded-for': nextAddress(),
      };
      if (request.signedIn && !endsTheSession.has(endpoint.path)) headers.cookie = patient;
      if (endpoint.method === 'POST' && request.contentType !== '') {
        headers['content-type'] = request.contentType;
      }
      const url = `${world.server.url}/api/auth${path}${request.query ? `?${request.query}` : ''}`;
      const response = await fetch(url, {
        method: endpoint.method,
        headers,
        redirect: 'manual',
        ...(endpoint.method === 'POST' ? { body: request.body } : {}),
      });
      const text = await response.text();
      byStatus.set(response.status, (byStatus.get(response.status) ?? 0) + 1);
      const context = `${endpoint.method} ${path} ${request.body.slice(0, 120)} → ${response.status} ${text.slice(0, 200)}`;
      if (response.status >= 500 || looksLikeStack.test(text)) failures.push(context);
      else if (response.status >= 400) {
        const parsed = (() => {
          try {
            return JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
          } catch {
            return undefined;
          }
        })();
        if (typeof parsed?.error?.code !== 'string' || typeof parsed.error.message !== 'string') {
          failures.push(`not the error shape: ${context}`);
        }
      }
    }

    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < requests.length) {
          const request = requests[next];
          next += 1;
          if (request) await send(request);
        }
      }),
    );

    const sent = [...byStatus.values()].reduce((sum, count) => sum + count, 0);
    const serverErrors = [...byStatus]
      .filter(([status]) => status >= 500)
      .reduce((sum, [, count]) => sum + count, 0);
    console.log(
      `bad input to /api/auth (${variant.name}): ${sent} requests to ${endpoints.length} endpoints, ` +
        `${serverErrors} answered 5xx; by status ${JSON.stringify(Object.fromEntries(byStatus))}`,
    );
    expect(sent).toBe(requestsPerRun);
    expect(failures.slice(0, 10)).toEqual([]);
  }, 600_000);
});
