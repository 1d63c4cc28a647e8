import { sql } from 'kysely';
import { twoFactor } from 'better-auth/plugins';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lifetimes } from '../../../server/src/auth/auth';
import {
  createConfirmedAccount,
  isAccountPassword,
  newConfirmationToken,
  notAnAddress,
  oneTimeCodeSignInPath,
  passwordHashOf,
  resetLinkPrefix,
  secondFactorAlsoAfterOneTimeCode,
  sessionCookieSettings,
  verifiedCookieToken,
} from '../../../server/src/auth/better-auth';
import { linksIn } from '../support/smtp';
import { databaseVariants } from '../support/test-server';
import type { ApiErrorBody } from './client';
import {
  inviteCode,
  password,
  signedIn,
  signUpAndConfirm,
  startAuthWorld,
  uniqueEmail,
  type AuthWorld,
} from './fixture';

/**
 * What server/src/auth/better-auth relies on in Better Auth beyond its options. Each test
 * names one such thing; when an upgrade changes it, the test says which.
 */

/** The tables and columns of Better Auth's that our own code reads or writes. */
const columnsWeUse: Record<string, readonly string[]> = {
  user: [
    'id',
    'name',
    'email',
    'emailVerified',
    'updatedAt',
    'twoFactorEnabled',
    'phoneNumber',
    'phoneNumberVerified',
  ],
  session: ['id', 'token', 'userId', 'expiresAt'],
  account: ['id', 'accountId', 'providerId', 'userId', 'password', 'updatedAt'],
  verification: ['identifier', 'value', 'expiresAt'],
  twoFactor: ['id', 'userId', 'verified'],
  passkey: ['id', 'userId', 'name', 'aaguid', 'createdAt'],
};

function payloadOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

describe.each(databaseVariants)('Better Auth as Sewa relies on it, $name database', (variant) => {
  let world: AuthWorld;
  beforeAll(async () => {
    world = await startAuthWorld(variant);
  });
  afterAll(() => world.close());

  it('signs the session cookie as `token.base64(HMAC-SHA256)`, which our check accepts and a tampered one fails', async () => {
    const email = uniqueEmail('contract-cookie');
    await signUpAndConfirm(world, email);
    const client = await signedIn(world, email);
    const settings = await sessionCookieSettings(world.server.auth);
    expect(settings.name).toBe('better-auth.session_token');
    expect(settings.expiresInSeconds).toBe(lifetimes.session);
    expect(settings.updateAgeSeconds).toBe(24 * 60 * 60);

    const cookie = decodeURIComponent(client.cookies.get(settings.name) ?? '');
    const token = verifiedCookieToken(cookie, settings.secret);
    expect(token).toBeDefined();
    const { rows } = await sql<{ token: string }>`
      select "token" from "session" where "token" = ${token ?? ''}`.execute(
      world.server.database.db,
    );
    expect(rows).toHaveLength(1);

    const signature = cookie.slice(cookie.lastIndexOf('.') + 1);
    const flipped = signature[3] === 'A' ? 'B' : 'A';
    const tampered = `${token ?? ''}.${signature.slice(0, 3)}${flipped}${signature.slice(4)}`;
    expect(verifiedCookieToken(tampered, settings.secret)).toBeUndefined();
    expect(verifiedCookieToken(cookie, `${settings.secret}x`)).toBeUndefined();
  });

  it('names the tables and columns we write as its schema and the database do', async () => {
    const context = await world.server.auth.$context;
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = current_schema()`.execute(world.server.database.db);
    for (const [model, columns] of Object.entries(columnsWeUse)) {
      const table = context.tables[model];
      expect(table?.modelName, `model ${model}`).toBe(model);
      for (const column of columns) {
        if (column !== 'id') {
          const field = table?.fields[column];
          expect(field, `${model}.${column} in Better Auth's schema`).toBeDefined();
          expect(field?.fieldName ?? column, `${model}.${column} column name`).toBe(column);
        }
        expect(
          rows.some((row) => row.table_name === model && row.column_name === column),
          `${model}.${column} in the database`,
        ).toBe(true);
      }
    }
  });

  it('keeps a two-factor after-hook list whose matchers we can widen to the one-time-code sign-in', () => {
    const plugin = twoFactor({ issuer: 'Sewa' });
    const matches = (hooks: typeof plugin.hooks.after, path: string) =>
      hooks.some((hook) => hook.matcher({ path } as Parameters<typeof hook.matcher>[0]));
    expect(plugin.hooks.after.length).toBeGreaterThan(0);
    expect(matches(plugin.hooks.after, '/sign-in/email')).toBe(true);
    // Were this true, Better Auth would ask for the second factor itself and the rewrite could go.
    expect(matches(plugin.hooks.after, oneTimeCodeSignInPath)).toBe(false);

    const widened = secondFactorAlsoAfterOneTimeCode(plugin);
    expect(matches(widened.hooks.after, oneTimeCodeSignInPath)).toBe(true);
    expect(matches(widened.hooks.after, '/sign-in/email')).toBe(true);
    expect(matches(widened.hooks.after, '/sign-up/email')).toBe(false);
    expect(widened.hooks.after.map((hook) => hook.handler)).toEqual(
      plugin.hooks.after.map((hook) => hook.handler),
    );

    const live = world.server.auth.options.plugins.find((each) => each.id === 'two-factor');
    const liveHooks = (live as typeof plugin | undefined)?.hooks.after ?? [];
    expect(matches(liveHooks, oneTimeCodeSignInPath)).toBe(true);
  });

  it(`keeps a mailed reset link as a verification row named \`${resetLinkPrefix}<token>\` holding the account id`, async () => {
    const email = uniqueEmail('contract-reset');
    await signUpAndConfirm(world, email);
    const seen = world.smtp.mailsTo(email).length;
    const asked = await world
      .client()
      .post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    expect(asked.status).toBe(200);
    const [link] = linksIn((await world.smtp.nextMailTo(email, seen)).text);
    const opened = await world.client().get(link!);
    const token = new URL(opened.headers.get('location')!, world.server.url).searchParams.get(
      'token',
    );
    expect(token).toBeTruthy();
    const { rows } = await sql<{ value: string; userId: string }>`
      select verification.value, "user".id as "userId" from verification, "user"
      where verification.identifier = ${`${resetLinkPrefix}${token ?? ''}`}
        and "user".email = ${email}`.execute(world.server.database.db);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.value).toBe(rows[0]!.userId);
  });

  it('signs confirmation links as an HS256 JWT carrying the address, which it confirms with', async () => {
    const context = await world.server.auth.$context;
    const token = await newConfirmationToken(context.secret, 'someone@example.com', 60);
    const { payload, protectedHeader } = await jwtVerify(
      token,
      new TextEncoder().encode(context.secret),
    );
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload.email).toBe('someone@example.com');
    expect(typeof payload.jti).toBe('string');
    expect(payload.exp).toBeGreaterThan(Date.now() / 1000);

    // The mailed link carries a token of ours, and Better Auth confirms the account with it.
    const email = uniqueEmail('contract-confirm');
    const seen = world.smtp.mailsTo(email).length;
    await world.client().post('/api/auth/sign-up/email', { email, password, name: '', inviteCode });
    const [link] = linksIn((await world.smtp.nextMailTo(email, seen)).text);
    const mailed = new URL(link!).searchParams.get('token') ?? '';
    expect(payloadOf(mailed)).toMatchObject({ email });
    expect(typeof payloadOf(mailed).jti).toBe('string');
    const confirmed = await world.client().get(link!);
    expect(confirmed.status).toBe(302);
    const { rows } = await sql<{ emailVerified: boolean }>`
      select "emailVerified" from "user" where email = ${email}`.execute(world.server.database.db);
    expect(rows[0]?.emailVerified).toBe(true);
  });

  it('creates a confirmed account through its internal adapter that signs in with the hashed password', async () => {
    const email = uniqueEmail('contract-adapter');
    const { id } = await createConfirmedAccount(world.server.auth, {
      email,
      passwordHash: await passwordHashOf(world.server.auth, password),
    });
    expect(await isAccountPassword(world.server.auth, id, password)).toBe(true);
    expect(await isAccountPassword(world.server.auth, id, `${password}!`)).toBe(false);
    const client = await signedIn(world, email);
    expect((await client.get('/api/me')).status).toBe(200);
  });

  it('refuses an address that is none on each call that takes one as `notAnAddress` answers', async () => {
    const calls: [string, Record<string, unknown>][] = [
      ['/sign-up/email', { password, name: '', inviteCode }],
      ['/sign-in/email', { password }],
      ['/request-password-reset', { redirectTo: '/reset-password' }],
      ['/send-verification-email', {}],
      ['/email-otp/send-verification-otp', { type: 'sign-in' }],
      ['/sign-in/email-otp', { otp: '123456' }],
    ];
    for (const [path, body] of calls) {
      const answer = await world
        .client()
        .post<ApiErrorBody>(`/api/auth${path}`, { ...body, email: 'not-an-address' });
      const expected = notAnAddress(path);
      expect({ status: answer.status, ...answer.body.error }, path).toEqual({
        status: expected.statusCode,
        code: String(expected.body?.code).toLowerCase(),
        message: expected.body?.message,
      });
    }
  });
});
