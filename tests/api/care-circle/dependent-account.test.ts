import { createHmac, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actingForHeader } from '@shared/care-circle';
import { Client, type Answer } from '../auth/client';
import { inviteCode, startAuthWorld, uniqueEmail, type AuthWorld } from '../auth/fixture';
import { addChild, circlePatient, claimLogin, inviteLogin, mailedInvitation } from './fixture';
import { person } from '../messaging/fixture';
import { codeIn } from '../support/smtp';
import { databaseVariants } from '../support/test-server';
import { passwordHashOf, sessionCookieSettings } from '../../../server/src/auth/better-auth';

const attackerPassword = 'attacker chose this';
const mayaPassword = 'maya chose this one';
const malformed = 'not-an-address';

/** The address a dependent's account holds until she has a login of her own. */
const reservedAddressOf = (id: string) => `dependent-${id}@dependents.sewa.invalid`;

describe.each(databaseVariants)('a dependent’s account on the $name database', (variant) => {
  let world: AuthWorld;

  beforeAll(async () => {
    world = await startAuthWorld(variant);
  });
  afterAll(async () => {
    await world.close();
  });

  const db = () => world.server.database.db;

  /** Each client of the API from its own address, so one test's limits never meet another's. */
  let lastOctet = 0;
  function stranger(): Client {
    lastOctet += 1;
    return world.client({ 'x-forwarded-for': `198.51.100.${lastOctet}` });
  }

  const signUp = (email: string, password: string) =>
    stranger().post('/api/auth/sign-up/email', { email, password, name: 'Mallory', inviteCode });

  const signIn = (email: string, password: string) =>
    stranger().post('/api/auth/sign-in/email', { email, password });

  /** What each flow that takes an address answers for `email`. */
  const flows: Record<string, (email: string) => Promise<Answer>> = {
    'sign-up': (email) => signUp(email, attackerPassword),
    'sign-in': (email) => signIn(email, attackerPassword),
    'password reset': (email) =>
      stranger().post('/api/auth/request-password-reset', {
        email,
        redirectTo: '/reset-password',
      }),
    'one-time code': (email) =>
      stranger().post('/api/auth/email-otp/send-verification-otp', { email, type: 'sign-in' }),
    'sign-in with a code': (email) =>
      stranger().post('/api/auth/sign-in/email-otp', { email, otp: '123456' }),
    'confirmation mail': (email) => stranger().post('/api/auth/send-verification-email', { email }),
  };

  /** The answer's status and body, as a client could compare them. */
  const seen = (answer: Answer) => ({ status: answer.status, body: answer.body });

  it('cannot be taken over by a sign-up with its address before the dependent claims her login', async () => {
    const sita = await circlePatient(world, 'Sita', 'female');
    const maya = await addChild(sita.client);
    const reserved = reservedAddressOf(maya.id);

    // Anyone who learns Maya's id signs up with her account's address and the invitation code.
    const attack = await signUp(reserved, attackerPassword);

    // Later, her mother gives her a login of her own, and she claims it with her password.
    const mayaEmail = uniqueEmail('maya');
    const { token } = await inviteLogin(world, sita.client, maya.id, mayaEmail);
    const claimed = await claimLogin(world, token, mayaPassword);

    const outcome = {
      signUp: attack.status,
      claim: claimed.status,
      attackerWithTheReservedAddress: (await signIn(reserved, attackerPassword)).status,
      attackerWithMayasAddress: (await signIn(mayaEmail, attackerPassword)).status,
      maya: (await signIn(mayaEmail, mayaPassword)).status,
    };
    expect(outcome).toEqual({
      signUp: 400,
      claim: 200,
      attackerWithTheReservedAddress: 400,
      attackerWithMayasAddress: 401,
      maya: 200,
    });
    // Refused as any address that is none, with no word of a family member.
    expect(seen(attack)).toEqual(seen(await signUp(malformed, attackerPassword)));
    const credentials = await sql<{ n: string | number }>`
      select count(*) as n from account where "userId" = ${maya.id}`.execute(db());
    expect(Number(credentials.rows[0]!.n)).toBe(1);
  });

  it('is claimed with one way in, the dependent’s password: whatever an earlier taker left goes', async () => {
    const sita = await circlePatient(world, 'Sita', 'female');
    const maya = await addChild(sita.client);
    const reserved = reservedAddressOf(maya.id);
    // Taken before this release: a password of the taker's, a session of theirs, an
    // authenticator app and a passkey, a phone, and codes and links still pending.
    const hash = await passwordHashOf(world.server.auth, attackerPassword);
    const sessionToken = randomUUID().replaceAll('-', '');
    const later = new Date(Date.now() + 24 * 60 * 60 * 1000);
    await sql`update "user" set "twoFactorEnabled" = true, "phoneNumber" = '+9779800000001',
        "phoneNumberVerified" = true where id = ${maya.id}`.execute(db());
    await sql`insert into account (id, "accountId", "providerId", "userId", password, "updatedAt")
      values (${randomUUID()}, ${maya.id}, 'credential', ${maya.id}, ${hash}, now())`.execute(db());
    await sql`insert into session (id, token, "userId", "expiresAt", "updatedAt")
      values (${randomUUID()}, ${sessionToken}, ${maya.id}, ${later}, now())`.execute(db());
    await sql`insert into "twoFactor" (id, secret, "backupCodes", "userId", verified)
      values (${randomUUID()}, 'secret', 'codes', ${maya.id}, true)`.execute(db());
    await sql`insert into passkey (id, "publicKey", "userId", "credentialID", counter,
        "deviceType", "backedUp")
      values (${randomUUID()}, 'key', ${maya.id}, 'credential', 0, 'singleDevice', false)`.execute(
      db(),
    );
    const pending = [
      [`reset-password:${randomUUID()}`, maya.id],
      [`sign-in-otp-${reserved}`, 'hashed:0'],
      ['2fa-step', maya.id],
      ['2fa-otp-2fa-step', 'hashed:0'],
      [`2fa-otp-${maya.id}!${randomUUID()}`, 'hashed:0'],
      [randomUUID(), JSON.stringify({ type: 'registration', userData: { id: maya.id } })],
    ];
    for (const [identifier, value] of pending) {
      await sql`insert into verification (id, identifier, value, "expiresAt")
        values (${randomUUID()}, ${identifier}, ${value}, ${later})`.execute(db());
    }
    const unrelated = `sign-in-otp-${uniqueEmail('someone')}`;
    await sql`insert into verification (id, identifier, value, "expiresAt")
      values (${randomUUID()}, ${unrelated}, 'hashed:0', ${later})`.execute(db());
    const settings = await sessionCookieSettings(world.server.auth);
    const signature = createHmac('sha256', settings.secret).update(sessionToken).digest('base64');
    const taker = world.client();
    taker.cookies.set(settings.name, encodeURIComponent(`${sessionToken}.${signature}`));
    expect((await taker.get('/api/me')).status).toBe(200);

    const mayaEmail = uniqueEmail('maya');
    const { token } = await inviteLogin(world, sita.client, maya.id, mayaEmail);
    const claimed = await claimLogin(world, token, mayaPassword);
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);

    const mayaSignIn = await signIn(mayaEmail, mayaPassword);
    expect({
      taker: (await signIn(mayaEmail, attackerPassword)).status,
      takersSession: (await taker.get('/api/me')).status,
      maya: mayaSignIn.status,
      // No second factor of someone else's stands between Maya and her record.
      secondStepAsked: JSON.stringify(mayaSignIn.body).includes('twoFactorRedirect'),
    }).toEqual({ taker: 401, takersSession: 401, maya: 200, secondStepAsked: false });
    const left = await sql<{ what: string; n: string | number }>`
      select 'credentials' as what, count(*) as n from account where "userId" = ${maya.id}
      union all select 'sessions', count(*) from session
        where "userId" = ${maya.id} and token = ${sessionToken}
      union all select 'authenticator apps', count(*) from "twoFactor" where "userId" = ${maya.id}
      union all select 'passkeys', count(*) from passkey where "userId" = ${maya.id}
      union all select 'pending', count(*) from verification
        where identifier in (${sql.join(pending.map(([identifier]) => identifier!))})
      union all select 'someone else’s code', count(*) from verification
        where identifier = ${unrelated}
      union all select 'phone', count(*) from "user"
        where id = ${maya.id} and ("phoneNumber" is not null or "twoFactorEnabled")`.execute(db());
    expect(Object.fromEntries(left.rows.map((row) => [row.what, Number(row.n)]))).toEqual({
      credentials: 1,
      sessions: 0,
      'authenticator apps': 0,
      passkeys: 0,
      pending: 0,
      'someone else’s code': 1,
      phone: 0,
    });
  });

  it('is refused by every flow that takes an address, in any spelling, as an address that is none', async () => {
    const sita = await circlePatient(world, 'Sita', 'female');
    const maya = await addChild(sita.client);
    const reserved = reservedAddressOf(maya.id);
    const spellings = [
      reserved,
      reserved.toUpperCase(),
      `${reserved}.`,
      `  ${reserved}  `,
      // Any address in the reserved domain: a family member's, or none yet.
      'dependent-00000000-0000-4000-8000-000000000000@dependents.sewa.invalid',
      `someone@ward.${reserved.split('@')[1]!}`,
    ];
    for (const [flow, send] of Object.entries(flows)) {
      const invalid = seen(await send(malformed));
      expect(invalid.status, flow).toBeGreaterThanOrEqual(400);
      for (const spelling of spellings) {
        expect(seen(await send(spelling)), `${flow} with "${spelling}"`).toEqual(invalid);
      }
    }
    // Nothing was mailed to the account, and nobody is signed in to it.
    expect(world.smtp.mailsTo(reserved)).toEqual([]);
    const sessions = await sql`select id from session where "userId" = ${maya.id}`.execute(db());
    expect(sessions.rows).toEqual([]);
    const account = await sql<{ email: string; n: string | number }>`
      select u.email, (select count(*) from account a where a."userId" = u.id) as n
      from "user" u where u.id = ${maya.id}`.execute(db());
    expect(account.rows.map((row) => ({ ...row, n: Number(row.n) }))).toEqual([
      { email: reserved, n: 0 },
    ]);
  });

  it('never signs anyone in with a code mailed to its address', async () => {
    const sita = await circlePatient(world, 'Sita', 'female');
    const maya = await addChild(sita.client);
    const reserved = reservedAddressOf(maya.id);
    const asked = await flows['one-time code']!(reserved);
    // A mail server that took any mail (as the tests' does) would hand the code to its reader.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const mailed = world.smtp.mailsTo(reserved);
    const code = mailed[0] ? codeIn(mailed[0].text) : '000000';
    const taker = stranger();
    const signedIn = await taker.post('/api/auth/sign-in/email-otp', {
      email: reserved,
      otp: code,
    });
    expect({ asked: asked.status, mailed: mailed.length, signedIn: signedIn.status }).toEqual({
      asked: 400,
      mailed: 0,
      signedIn: 400,
    });
    expect((await taker.get('/api/me')).status).toBe(401);
  });

  it('is refused as the address of an invitation, as an address that is none', async () => {
    const sita = await circlePatient(world, 'Sita', 'female');
    const maya = await addChild(sita.client);
    const reserved = reservedAddressOf(maya.id);
    const calls = [
      {
        path: '/api/care-circle/invitations',
        extra: {
          relationship: 'parent',
          permissions: { record: true, message: true, visits: true },
        },
      },
      { path: `/api/care-circle/dependents/${maya.id}/login-invitation`, extra: {} },
    ];
    for (const { path, extra } of calls) {
      const invalid = seen(await sita.client.post(path, { email: malformed, ...extra }));
      expect(invalid.status).toBe(400);
      for (const email of [reserved, reserved.toUpperCase(), `${reserved}.`]) {
        expect(seen(await sita.client.post(path, { email, ...extra })), `${path} ${email}`).toEqual(
          invalid,
        );
      }
    }
    expect(world.smtp.mailsTo(reserved)).toEqual([]);
  });

  it('shows its address in no answer', async () => {
    const sita = await circlePatient(world, 'Sita', 'female');
    const maya = await addChild(sita.client);
    const asMaya = new Client(world.server.url, { [actingForHeader]: maya.id });
    sita.client.cookies.forEach((value, name) => asMaya.cookies.set(name, value));
    // A care-team conversation of hers, which every doctor's care-team inbox lists.
    const opened = await asMaya.post<{ conversation: { id: string } }>('/api/messaging/care-team');
    expect(opened.status, JSON.stringify(opened.body)).toBeLessThan(300);
    const conversationId = opened.body.conversation.id;
    const sent = await asMaya.post(`/api/messaging/conversations/${conversationId}/messages`, {
      id: randomUUID(),
      content: 'Maya has a fever',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBeLessThan(300);
    const mayaEmail = uniqueEmail('maya');
    const { token } = await mailedInvitation(world, sita.client, mayaEmail, {
      path: `/api/care-circle/dependents/${maya.id}/login-invitation`,
      body: { email: mayaEmail },
    });
    const doctor = await person(world.server, 'doctor', { first: 'Ram', last: 'Thapa' });
    // Even a record without a name (where a screen falls back on an address) shows none.
    await sql`update profiles set first_name = null, last_name = null
      where id = ${maya.id}`.execute(db());

    const answers: [string, Answer][] = [
      ['me', await sita.client.get('/api/me')],
      ['me, acting for Maya', await asMaya.get('/api/me')],
      ['care circle', await sita.client.get('/api/care-circle')],
      ['caring for', await sita.client.get('/api/caring-for')],
      ['conversations, acting for Maya', await asMaya.get('/api/messaging/conversations')],
      [
        'her care-team messages',
        await asMaya.get(`/api/messaging/conversations/${conversationId}/messages`),
      ],
      ['invitation preview', await world.client().get(`/api/care-invitations/${token}`)],
      ['doctor’s conversations', await doctor.client.get('/api/messaging/conversations')],
      [
        'doctor’s view of the conversation',
        await doctor.client.get(`/api/messaging/conversations/${conversationId}/messages`),
      ],
    ];
    for (const [name, answer] of answers) {
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200);
      expect(JSON.stringify(answer.body), name).not.toMatch(/sewa\.invalid/i);
    }
    // The doctor's inbox does list her conversation.
    expect(JSON.stringify(answers[7]![1].body)).toContain(conversationId);
  });
});
