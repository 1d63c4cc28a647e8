import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseVariants } from '../support/test-server';
import type { ApiErrorBody } from './client';
import { signUpAndConfirm, signedIn, startAuthWorld, uniqueEmail, type AuthWorld } from './fixture';

describe.each(databaseVariants)(
  'an account without a password on the $name database',
  (variant) => {
    let world: AuthWorld;
    beforeAll(async () => {
      world = await startAuthWorld(variant);
    });
    afterAll(() => world.close());

    it('has no password that removes its second factor: a session alone is not enough', async () => {
      const email = uniqueEmail('passwordless');
      await signUpAndConfirm(world, email);
      const client = await signedIn(world, email);
      const me = await client.get<{ user: { id: string } }>('/api/me');
      const { db } = world.server.database;
      // A passkey as the registration ceremony stores it, and the password gone from the account.
      await sql`insert into "passkey" ("id", "publicKey", "userId", "credentialID", "counter",
        "deviceType", "backedUp", "createdAt")
      values ('pk-passwordless', 'AAAA', ${me.body.user.id}, 'cred-passwordless', 0,
        'singleDevice', false, now())`.execute(db);
      await sql`update "account" set "password" = null
      where "userId" = ${me.body.user.id} and "providerId" = 'credential'`.execute(db);

      for (const guess of ['anything at all', 'correct horse 42']) {
        const removal = await client.call<ApiErrorBody>(
          'DELETE',
          '/api/mfa/factors/webauthn_pk-passwordless',
          { password: guess },
        );
        expect(removal.status).toBe(400);
        expect(removal.body.error.code).toBe('invalid_password');
      }
      const factors = await client.get<{ id: string }[]>('/api/mfa/factors');
      expect(factors.body.map((factor) => factor.id)).toEqual(['webauthn_pk-passwordless']);
    });
  },
);
