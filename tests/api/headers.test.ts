import { createConfirmedAccount, passwordHashOf } from '../../server/src/auth/better-auth';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseVariants, startTestServer, type TestServer } from './support/test-server';

/** The attributes of one Set-Cookie line, lower-cased names. */
function attributesOf(line: string): Map<string, string> {
  const [, ...parts] = line.split(';');
  return new Map(
    parts.map((part) => {
      const [name = '', value = ''] = part.trim().split('=');
      return [name.toLowerCase(), value.toLowerCase()];
    }),
  );
}

async function signInCookies(server: TestServer, origin: string): Promise<string[]> {
  const email = 'cookie@example.com';
  const password = 'cookie-pass-2026';
  await createConfirmedAccount(server.auth, {
    email,
    passwordHash: await passwordHashOf(server.auth, password),
  });
  const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.headers.getSetCookie();
}

function sessionCookie(lines: string[]): string {
  const line = lines.find((cookie) => /session_token=/.test(cookie.split(';')[0] ?? ''));
  if (!line) throw new Error(`no session cookie among ${lines.join(' | ')}`);
  return line;
}

describe.each(databaseVariants)('cookies and headers on the $name database', (variant) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('keeps the session cookie from scripts and other sites, over plain HTTP in development', async () => {
    server = await startTestServer({ variant, env: { DEMO_USERS: 'false' } });
    const lines = await signInCookies(server, server.url);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      const attributes = attributesOf(line);
      expect(attributes.has('httponly'), line).toBe(true);
      expect(['lax', 'strict'], line).toContain(attributes.get('samesite'));
    }
    expect(attributesOf(sessionCookie(lines)).has('secure')).toBe(false);
  });

  it('marks every cookie Secure when the public address is https', async () => {
    const publicUrl = 'https://sewa.example.org';
    server = await startTestServer({
      variant,
      env: { DEMO_USERS: 'false', PUBLIC_URL: publicUrl },
    });
    const lines = await signInCookies(server, publicUrl);
    sessionCookie(lines);
    for (const line of lines) {
      const attributes = attributesOf(line);
      expect(attributes.has('secure'), line).toBe(true);
      expect(attributes.has('httponly'), line).toBe(true);
      expect(['lax', 'strict'], line).toContain(attributes.get('samesite'));
    }
    const health = await fetch(`${server.url}/api/health`);
    expect(health.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });

  it('allows scripts only from the site itself, never inline or evaluated', async () => {
    server = await startTestServer({ variant });
    for (const path of ['/api/health', '/api/me', '/no-such-page']) {
      const response = await fetch(`${server.url}${path}`);
      const policy = response.headers.get('content-security-policy') ?? '';
      const directives = new Map(
        policy.split(';').map((directive) => {
          const [name = '', ...values] = directive.trim().split(/\s+/);
          return [name, values];
        }),
      );
      const scripts = directives.get('script-src') ?? directives.get('default-src');
      expect(scripts, policy).toEqual(["'self'"]);
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('forbids framing the same way to browsers that read the policy and to those that do not', async () => {
    server = await startTestServer({ variant });
    for (const path of ['/api/health', '/no-such-page']) {
      const response = await fetch(`${server.url}${path}`);
      const policy = response.headers.get('content-security-policy') ?? '';
      // frame-ancestors 'none' means no page may frame us, our own included: DENY, not SAMEORIGIN.
      expect(policy).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  it('lets the page itself use the camera and the microphone for visits, and nothing use geolocation', async () => {
    server = await startTestServer({ variant });
    const response = await fetch(`${server.url}/visit/00000000-0000-4000-8000-000000000000`);
    const policy = Object.fromEntries(
      (response.headers.get('permissions-policy') ?? '').split(',').map((directive) => {
        const [feature = '', allowed = ''] = directive.trim().split('=');
        return [feature, allowed];
      }),
    );
    expect(policy).toEqual({ camera: '(self)', microphone: '(self)', geolocation: '()' });
  });
});
