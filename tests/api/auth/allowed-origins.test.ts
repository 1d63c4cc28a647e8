import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedOrigins } from '../../../server/src/http/allowed-origins';
import { databaseVariants } from '../support/test-server';
import type { ApiErrorBody } from './client';
import { password, signUpAndConfirm, startAuthWorld, uniqueEmail, type AuthWorld } from './fixture';

/** Every line the server logs, as written. */
function logCollector() {
  const lines: string[] = [];
  return { lines, destination: { write: (line: string) => void lines.push(line) } };
}

/** The server's own address written with another host, port or scheme. */
function spelled(url: string, change: { hostname?: string; port?: string; protocol?: string }) {
  const other = new URL(url);
  Object.assign(other, change);
  return other.origin;
}

describe('the origins a browser may call the API from', () => {
  it('is PUBLIC_URL exactly outside development, whatever its host', () => {
    for (const nodeEnv of ['production', 'test'] as const) {
      expect(allowedOrigins('http://localhost:3000', nodeEnv)).toEqual(['http://localhost:3000']);
      expect(allowedOrigins('https://sewa.example.org', nodeEnv)).toEqual([
        'https://sewa.example.org',
      ]);
    }
  });

  it('adds in development only the other loopback spellings of the same scheme and port', () => {
    expect(allowedOrigins('http://localhost:3000', 'development')).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ]);
    expect(allowedOrigins('https://127.0.0.1:8443', 'development')).toEqual([
      'https://127.0.0.1:8443',
      'https://localhost:8443',
      'https://[::1]:8443',
    ]);
    // A public address has no other spelling to accept, even in development.
    expect(allowedOrigins('https://sewa.example.org', 'development')).toEqual([
      'https://sewa.example.org',
    ]);
  });
});

describe.each(databaseVariants)(
  'signing in from the other loopback spelling on the $name database',
  (variant) => {
    const logs = logCollector();
    let development: AuthWorld;
    let exact: AuthWorld;
    beforeAll(async () => {
      // The defaults a newcomer runs with: a development server on a loopback PUBLIC_URL
      // (the test server's is http://127.0.0.1:<port>; the browser may say localhost).
      development = await startAuthWorld(
        variant,
        { NODE_ENV: 'development', LOG_LEVEL: 'warn' },
        { logDestination: logs.destination },
      );
      exact = await startAuthWorld(variant, { NODE_ENV: 'test' });
    });
    afterAll(async () => {
      await development.close();
      await exact.close();
    });

    const signInFrom = (world: AuthWorld, origin: string, email: string) =>
      world.client({ origin }).post<ApiErrorBody>('/api/auth/sign-in/email', { email, password });

    it('lets a development server take a sign-in from localhost and [::1] on its port', async () => {
      const email = uniqueEmail('loopback');
      await signUpAndConfirm(development, email);
      for (const hostname of ['localhost', '[::1]']) {
        const origin = spelled(development.server.url, { hostname });
        const client = development.client({ origin });
        const answer = await client.post('/api/auth/sign-in/email', { email, password });
        expect(answer.status, `${origin}: ${JSON.stringify(answer.body)}`).toBe(200);
        // The session it set works, and so does a write under the same origin.
        expect((await client.get('/api/me')).status).toBe(200);
        expect((await client.post('/api/auth/sign-out', {})).status).toBe(200);
      }
    });

    it('refuses another port, scheme or host even in development, and says why in the log', async () => {
      const email = uniqueEmail('elsewhere');
      await signUpAndConfirm(development, email);
      const url = development.server.url;
      const port = new URL(url).port;
      const refused = [
        spelled(url, { hostname: 'localhost', port: String(Number(port) + 1) }),
        spelled(url, { hostname: 'localhost', protocol: 'https:' }),
        'http://sewa.localhost.example',
      ];
      for (const origin of refused) {
        const answer = await signInFrom(development, origin, email);
        expect(answer.status, origin).toBe(403);
        expect(answer.body.error.code).toBe('origin_refused');
        expect(answer.body.error.message).toContain(url);
        expect(answer.body.error.message).toContain(origin);
        expect(
          logs.lines.some(
            (line) =>
              line.includes('request refused') && line.includes(origin) && line.includes(url),
          ),
          `no log line names ${origin}`,
        ).toBe(true);
      }
    });

    it('keeps a server outside development to PUBLIC_URL exactly, with the reason in the answer', async () => {
      const email = uniqueEmail('exact');
      await signUpAndConfirm(exact, email);
      const origin = spelled(exact.server.url, { hostname: 'localhost' });
      const answer = await signInFrom(exact, origin, email);
      expect(answer.status).toBe(403);
      expect(answer.body.error).toEqual({
        code: 'origin_refused',
        message: `This server accepts requests only from ${exact.server.url}, not from ${origin}`,
      });
      expect((await signInFrom(exact, exact.server.url, email)).status).toBe(200);
    });
  },
);
