import { createLocalJWKSet, generateKeyPair, jwtVerify, SignJWT, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lifetimes } from '../../../server/src/auth/auth';
import { databaseVariants } from '../support/test-server';
import type { ApiErrorBody, Client } from './client';
import { signedIn, signUpAndConfirm, startAuthWorld, uniqueEmail, type AuthWorld } from './fixture';

interface MeBody {
  user: { id: string; email: string };
  role: string;
}

/** Flips one character in the middle of the signature: same length, wrong bytes. */
function tamperSignature(token: string): string {
  const [header, payload, signature = ''] = token.split('.');
  const middle = Math.floor(signature.length / 2);
  const flipped = signature[middle] === 'A' ? 'B' : 'A';
  return `${header}.${payload}.${signature.slice(0, middle)}${flipped}${signature.slice(middle + 1)}`;
}

describe.each(databaseVariants)('JWTs for other clients on the $name database', (variant) => {
  let world: AuthWorld;
  let browser: Client;
  let email: string;
  let token: string;
  beforeAll(async () => {
    world = await startAuthWorld(variant);
    email = uniqueEmail('jwt');
    await signUpAndConfirm(world, email);
    browser = await signedIn(world, email);
    const answer = await browser.get<{ token: string }>('/api/auth/token');
    expect(answer.status).toBe(200);
    token = answer.body.token;
  });
  afterAll(() => world.close());

  const meWith = (authorization: string) =>
    world.client().get<MeBody & ApiErrorBody>('/api/me', { headers: { authorization } });

  it('issues a JWT that the public JWKS verifies', async () => {
    const jwks = await world.client().get<JSONWebKeySet>('/api/auth/jwks');
    expect(jwks.status).toBe(200);
    expect(jwks.body.keys.length).toBeGreaterThan(0);
    for (const key of jwks.body.keys) expect(key).not.toHaveProperty('d');

    const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet(jwks.body), {
      issuer: world.server.url,
      audience: world.server.url,
    });
    expect(protectedHeader.alg).toBe('EdDSA');
    expect(typeof payload.sub).toBe('string');
    expect(payload.exp! - payload.iat!).toBe(lifetimes.accessToken);
  });

  it('carries only the account id, its role and its session, not the account itself', async () => {
    const [, payload] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const me = await browser.get<MeBody>('/api/me');
    const current = await browser.get<{ session: { id: string } }>('/api/auth/get-session');
    expect(claims).toEqual({
      sub: me.body.user.id,
      role: 'patient',
      sid: current.body.session.id,
      iss: world.server.url,
      aud: world.server.url,
      iat: expect.any(Number) as number,
      exp: expect.any(Number) as number,
    });
    expect(JSON.stringify(claims)).not.toContain(email);
  });

  it('accepts the JWT as a Bearer token on the API', async () => {
    const me = await meWith(`Bearer ${token}`);
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(email);
    expect(me.body.role).toBe('patient');
    const lowerCase = await meWith(`bearer ${token}`);
    expect(lowerCase.status).toBe(200);
  });

  it('refuses a token whose signature does not verify', async () => {
    const me = await meWith(`Bearer ${tamperSignature(token)}`);
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ error: { code: 'unauthorized', message: 'Invalid JWT signature' } });
  });

  it('refuses a token signed by another key, even one that names our key', async () => {
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const [header] = token.split('.');
    const { kid } = JSON.parse(Buffer.from(header!, 'base64url').toString()) as { kid: string };
    for (const headerKid of [kid, 'someone-elses-key']) {
      const forged = await new SignJWT({ email })
        .setProtectedHeader({ alg: 'EdDSA', kid: headerKid })
        .setSubject('attacker')
        .setIssuer(world.server.url)
        .setAudience(world.server.url)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
      const me = await meWith(`Bearer ${forged}`);
      expect(me.status).toBe(401);
      expect(me.body).toEqual({
        error: { code: 'unauthorized', message: 'Invalid JWT signature' },
      });
    }
  });

  it('refuses an unsigned token and a payload swapped under a valid signature', async () => {
    const [header, payload, signature] = token.split('.');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${payload}.`;
    expect((await meWith(`Bearer ${unsigned}`)).status).toBe(401);

    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const swapped = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString(
      'base64url',
    );
    const me = await meWith(`Bearer ${header}.${swapped}.${signature}`);
    expect(me.status).toBe(401);
    expect(me.body.error.message).toBe('Invalid JWT signature');
  });

  it('refuses an expired token with its own message', async () => {
    const now = Math.floor(Date.now() / 1000);
    const me0 = await browser.get<MeBody>('/api/me');
    // Signed by the server's own key (the plugin's server-side call), but an hour old.
    const expired = await world.server.auth.api.signJWT({
      body: { payload: { sub: me0.body.user.id, email, iat: now - 3600, exp: now - 1800 } },
    });
    const me = await meWith(`Bearer ${expired.token}`);
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ error: { code: 'unauthorized', message: 'JWT expired' } });
  });

  it('refuses a token for an account that no longer exists, without a 500', async () => {
    const now = Math.floor(Date.now() / 1000);
    const orphan = await world.server.auth.api.signJWT({
      body: { payload: { sub: 'no-such-user', email: 'ghost@example.com', iat: now } },
    });
    const me = await meWith(`Bearer ${orphan.token}`);
    expect(me.status).toBe(401);
    expect(me.body.error.code).toBe('unauthorized');
  });

  it('refuses garbage, and a token from another issuer or for another audience', async () => {
    for (const value of ['Bearer ', 'Bearer not-a-jwt', 'Bearer a.b.c', `Bearer ${token}x`]) {
      const me = await meWith(value);
      expect(me.status, value).toBe(401);
      expect(me.body.error.code).toBe('unauthorized');
    }
    const now = Math.floor(Date.now() / 1000);
    for (const claims of [
      { iss: 'https://elsewhere.example' },
      { aud: 'https://elsewhere.example' },
    ]) {
      const other = await world.server.auth.api.signJWT({
        body: { payload: { sub: 'x', iat: now, ...claims } },
      });
      const me = await meWith(`Bearer ${other.token}`);
      expect(me.status).toBe(401);
      expect(me.body.error.code).toBe('unauthorized');
    }
  });

  describe('a token lives no longer than its session', () => {
    const sessionEnded = {
      error: { code: 'unauthorized', message: 'The session of this JWT has ended' },
    };

    /** A new session of a new account, and a JWT of it. */
    async function signedInWithToken() {
      const account = uniqueEmail('jwt-session');
      await signUpAndConfirm(world, account);
      const session = await signedIn(world, account);
      const answer = await session.get<{ token: string }>('/api/auth/token');
      expect(answer.status).toBe(200);
      return { bearer: `Bearer ${answer.body.token}` };
    }

    it('names the session it was issued for', async () => {
      const [, payload] = token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as {
        sid?: unknown;
      };
      const current = await browser.get<{ session: { id: string } }>('/api/auth/get-session');
      expect(claims.sid).toBe(current.body.session.id);
    });

    it('ends at sign-out, while a token of another session of the account keeps working', async () => {
      const account = uniqueEmail('jwt-sign-out');
      await signUpAndConfirm(world, account);
      const [phone, laptop] = [await signedIn(world, account), await signedIn(world, account)];
      const phoneToken = (await phone.get<{ token: string }>('/api/auth/token')).body.token;
      const laptopToken = (await laptop.get<{ token: string }>('/api/auth/token')).body.token;
      expect((await meWith(`Bearer ${phoneToken}`)).status).toBe(200);

      expect((await phone.post('/api/auth/sign-out')).status).toBe(200);
      const ended = await meWith(`Bearer ${phoneToken}`);
      expect(ended.status).toBe(401);
      expect(ended.body).toEqual(sessionEnded);
      const other = await meWith(`Bearer ${laptopToken}`);
      expect(other.status).toBe(200);
      expect(other.body.user.email).toBe(account);
    });

    it('ends when another device signs out the other sessions', async () => {
      const account = uniqueEmail('jwt-revoked');
      await signUpAndConfirm(world, account);
      const [lost, kept] = [await signedIn(world, account), await signedIn(world, account)];
      const lostToken = (await lost.get<{ token: string }>('/api/auth/token')).body.token;
      const keptToken = (await kept.get<{ token: string }>('/api/auth/token')).body.token;

      const revoked = await kept.post('/api/auth/revoke-other-sessions');
      expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
      const ended = await meWith(`Bearer ${lostToken}`);
      expect(ended.status).toBe(401);
      expect(ended.body).toEqual(sessionEnded);
      expect((await meWith(`Bearer ${keptToken}`)).status).toBe(200);
    });

    it('ends when its session has expired', async () => {
      const { bearer } = await signedInWithToken();
      expect((await meWith(bearer)).status).toBe(200);
      const [, payload] = bearer.slice('Bearer '.length).split('.');
      const { sid } = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { sid: string };
      await world.server.database.db
        .updateTable('session')
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where('id', '=', sid)
        .execute();
      const ended = await meWith(bearer);
      expect(ended.status).toBe(401);
      expect(ended.body).toEqual(sessionEnded);
    });

    it('refuses a well-signed token naming no session, or the session of another account', async () => {
      const mine = await signedInWithToken();
      const theirs = await signedInWithToken();
      const claimsOf = (bearer: string) =>
        JSON.parse(
          Buffer.from(bearer.slice('Bearer '.length).split('.')[1]!, 'base64url').toString(),
        ) as { sub: string; sid: string };
      const now = Math.floor(Date.now() / 1000);
      for (const payload of [
        { sub: claimsOf(mine.bearer).sub, iat: now },
        { sub: claimsOf(mine.bearer).sub, sid: claimsOf(theirs.bearer).sid, iat: now },
      ]) {
        const signed = await world.server.auth.api.signJWT({ body: { payload } });
        const me = await meWith(`Bearer ${signed.token}`);
        expect(me.status, JSON.stringify(payload)).toBe(401);
        expect(me.body.error.code).toBe('unauthorized');
      }
    });
  });

  it('gives no token without a session', async () => {
    const answer = await world.client().get<ApiErrorBody>('/api/auth/token');
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe('unauthorized');
  });
});
