import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInLimits } from '../../server/src/rate-limit/auth-limits';
import type { ApiErrorBody } from './auth/client';
import {
  password,
  signUpAndConfirm,
  signedIn,
  startAuthWorld,
  uniqueEmail,
  type AuthWorld,
} from './auth/fixture';
import { databaseVariants } from './support/test-server';

interface RawAnswer {
  status: number;
  body: string;
}

/**
 * Sends the path exactly as written: `fetch` and `URL` would tidy `.`/`..` segments
 * and backslashes before they leave, which is what an attacker's client does not do.
 */
function rawCall(
  base: string,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  const url = new URL(base);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const call = request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: {
          origin: url.origin,
          ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    call.on('error', reject);
    call.end(payload);
  });
}

/** Other spellings of one path, each of which a URL parser or a router reads as the same. */
function spellingsOf(path: string): string[] {
  const [first = '', second = '', ...rest] = path.split('/').slice(1);
  const tail = rest.length > 0 ? `/${rest.join('/')}` : '';
  const escaped = (text: string) => `%${text.charCodeAt(0).toString(16)}${text.slice(1)}`;
  return [
    `/${first}/./${second}${tail}`,
    `/${first}/x/../${second}${tail}`,
    `/${first}/%2e/${second}${tail}`,
    `/${first}/%2E%2E/${first}/${second}${tail}`,
    `/${first}//${second}${tail}`,
    `/${first}\\${second}${tail}`,
    `/${escaped(first)}/${second}${tail}`,
    `/${first}/${escaped(second)}${tail}`,
  ];
}

describe.each(databaseVariants)('one spelling of every path on the $name database', (variant) => {
  let world: AuthWorld;
  beforeAll(async () => {
    world = await startAuthWorld(variant);
  });
  afterAll(() => world.close());

  it('refuses every other spelling of an auth path before anything reads it', async () => {
    const email = uniqueEmail('spelling');
    await signUpAndConfirm(world, email);
    const calls: [string, unknown][] = [
      ['/api/auth/sign-in/email', { email, password: 'wrong' }],
      ['/api/auth/sign-in/email-otp', { email, otp: '000000' }],
      ['/api/auth/request-password-reset', { email, redirectTo: '/reset-password' }],
      ['/api/auth/email-otp/send-verification-otp', { email, type: 'sign-in' }],
      ['/api/auth/reset-password', { newPassword: 'whatever-9', token: 'made-up' }],
      ['/api/auth/two-factor/verify-otp', { code: '000000' }],
    ];
    const mails = world.smtp.mailsTo(email).length;
    for (const [path, body] of calls) {
      for (const spelling of spellingsOf(path)) {
        const answer = await rawCall(world.server.url, 'POST', spelling, body);
        expect(answer.status, `${spelling} answered ${answer.status} ${answer.body}`).toBe(400);
        expect(JSON.parse(answer.body)).toEqual({
          error: { code: 'bad_request', message: 'The request path is not in plain form.' },
        });
      }
    }
    // None of them reached Better Auth: no mail went out, and the account's guess budget is whole.
    expect(world.smtp.mailsTo(email)).toHaveLength(mails);
    const address = { 'x-forwarded-for': '198.51.100.99' };
    const failures = signInLimits['/sign-in/email']!.pair.max;
    for (let i = 0; i < failures; i += 1) {
      const guess = await world
        .client(address)
        .post('/api/auth/sign-in/email', { email, password: `wrong ${i}` });
      expect(guess.status).toBe(401);
    }
    const limited = await world
      .client(address)
      .post<ApiErrorBody>('/api/auth/sign-in/email', { email, password });
    expect(limited.status).toBe(429);
  });

  it('refuses other spellings of the API’s own paths, so no check is skipped', async () => {
    const email = uniqueEmail('same-origin');
    await signUpAndConfirm(world, email);
    const client = await signedIn(world, email, password);
    const cookie = client.cookieHeader();
    for (const spelling of spellingsOf('/api/messaging/care-team')) {
      const answer = await rawCall(world.server.url, 'POST', spelling, undefined, {
        cookie,
        origin: 'https://attacker.example',
      });
      expect(answer.status, `${spelling} answered ${answer.status} ${answer.body}`).toBe(400);
    }
    for (const spelling of spellingsOf('/api/me')) {
      const answer = await rawCall(world.server.url, 'GET', spelling, undefined, { cookie });
      expect(answer.status, `${spelling} answered ${answer.status}`).toBe(400);
    }
    // The plain spelling still works, and a cross-site write to it is still refused.
    const crossSite = await rawCall(
      world.server.url,
      'POST',
      '/api/messaging/care-team',
      undefined,
      {
        cookie,
        origin: 'https://attacker.example',
      },
    );
    expect(crossSite.status).toBe(403);
    const own = await rawCall(world.server.url, 'GET', '/api/me?x=%2e%2e', undefined, { cookie });
    expect(own.status).toBe(200);
  });

  it('serves the plain spelling of pages and refuses the others', async () => {
    expect((await rawCall(world.server.url, 'GET', '/api/health', undefined)).status).toBe(200);
    for (const spelling of ['/api/./health', '/api/x/../health', '/%61pi/health', '/api//health']) {
      expect((await rawCall(world.server.url, 'GET', spelling, undefined)).status).toBe(400);
    }
  });
});
