import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lifetimes } from '../../../server/src/auth/auth';
import { databaseVariants } from '../support/test-server';
import type { ApiErrorBody, Client } from './client';
import { signedIn, signUpAndConfirm, startAuthWorld, uniqueEmail, type AuthWorld } from './fixture';

const sessionCookie = 'better-auth.session_token';
const day = 24 * 60 * 60 * 1000;

/** The session cookie's token and signature, as the browser holds them. */
function cookieParts(client: Client): { token: string; signature: string } {
  const value = decodeURIComponent(client.cookies.get(sessionCookie) ?? '');
  const dot = value.lastIndexOf('.');
  return { token: value.slice(0, dot), signature: value.slice(dot + 1) };
}

describe.each(databaseVariants)(
  'The session check on every API call, $name database',
  (variant) => {
    let world: AuthWorld;
    let email: string;
    beforeAll(async () => {
      world = await startAuthWorld(variant);
      email = uniqueEmail('session-check');
      await signUpAndConfirm(world, email);
    });
    afterAll(() => world.close());

    const me = (client: Client) =>
      client.get<{ user: { email: string } } & ApiErrorBody>('/api/me');
    const expiresAt = async (token: string) => {
      const { rows } = await sql<{ expiresAt: Date }>`
      select "expiresAt" from "session" where "token" = ${token}`.execute(world.server.database.db);
      return rows[0]?.expiresAt;
    };
    const setExpiresAt = (token: string, at: Date) =>
      sql`update "session" set "expiresAt" = ${at} where "token" = ${token}`.execute(
        world.server.database.db,
      );

    it('knows the caller by a signed session cookie', async () => {
      const client = await signedIn(world, email);
      const answer = await me(client);
      expect(answer.status).toBe(200);
      expect(answer.body.user.email).toBe(email);
    });

    it('refuses a cookie whose token or signature was changed', async () => {
      const client = await signedIn(world, email);
      const { token, signature } = cookieParts(client);
      const flipped = signature[5] === 'A' ? 'B' : 'A';
      const forgeries = [
        `${token}.${signature.slice(0, 5)}${flipped}${signature.slice(6)}`,
        `${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}.${signature}`,
        token,
        `${token}.`,
        `${token}.${signature}${signature}`,
      ];
      for (const forged of forgeries) {
        const thief = world.client({ cookie: `${sessionCookie}=${encodeURIComponent(forged)}` });
        const answer = await me(thief);
        expect(answer.status, forged).toBe(401);
        expect(answer.body.error.code).toBe('unauthorized');
      }
    });

    it('ends with sign-out at once, also for a copy of the cookie', async () => {
      const client = await signedIn(world, email);
      const copy = client.copy();
      expect((await me(copy)).status).toBe(200);
      expect((await client.post('/api/auth/sign-out')).status).toBe(200);
      expect((await me(copy)).status).toBe(401);
    });

    it('refuses an expired session and removes it', async () => {
      const client = await signedIn(world, email);
      const { token } = cookieParts(client);
      await setExpiresAt(token, new Date(Date.now() - 1000));
      expect((await me(client)).status).toBe(401);
      expect(await expiresAt(token)).toBeUndefined();
    });

    it('extends a session in use once a day, as Better Auth does', async () => {
      const client = await signedIn(world, email);
      const { token } = cookieParts(client);
      const fresh = await expiresAt(token);
      expect(fresh!.getTime()).toBeGreaterThan(Date.now() + lifetimes.session * 1000 - 60_000);

      // Used within the day: not written again.
      const hourOld = new Date(fresh!.getTime() - 60 * 60 * 1000);
      await setExpiresAt(token, hourOld);
      expect((await me(client)).status).toBe(200);
      expect((await expiresAt(token))?.getTime()).toBe(hourOld.getTime());

      // Used after more than a day: extended to a full lifetime from now.
      await setExpiresAt(token, new Date(fresh!.getTime() - 2 * day));
      expect((await me(client)).status).toBe(200);
      expect((await expiresAt(token))!.getTime()).toBeGreaterThan(
        Date.now() + lifetimes.session * 1000 - 60_000,
      );
    });

    it('follows a role change on the next call', async () => {
      const otherEmail = uniqueEmail('session-check-other');
      await signUpAndConfirm(world, otherEmail);
      const other = await signedIn(world, otherEmail);
      const started = await other.post<{ conversation: { id: string } }>(
        '/api/messaging/care-team',
      );
      expect(started.status).toBe(201);
      const theirs = started.body.conversation.id;

      const client = await signedIn(world, email);
      const read = () => client.get(`/api/messaging/conversations/${theirs}`);
      expect((await read()).status).toBe(404);
      const { rows } = await sql<{ id: string }>`
      select "id" from "user" where "email" = ${email}`.execute(world.server.database.db);
      await sql`insert into "profiles" ("id", "role") values (${rows[0]!.id}, 'doctor')
      on conflict ("id") do update set "role" = 'doctor'`.execute(world.server.database.db);
      // Doctors read every care-team conversation: the same session now carries the new role.
      expect((await read()).status).toBe(200);
      expect((await client.get<{ role: string }>('/api/me')).body.role).toBe('doctor');
    });
  },
);
