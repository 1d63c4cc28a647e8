import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxRepository } from '../../../server/src/mail/outbox-repository';
import { phoneCodeLimits } from '../../../server/src/rate-limit/phone-code-limits';
import { databaseVariants } from '../support/test-server';
import type { Answer, ApiErrorBody, Client } from './client';
import {
  password,
  signUpAndConfirm,
  startAuthWorld,
  startSecondInstance,
  uniqueEmail,
  type AuthWorld,
  type SecondInstance,
} from './fixture';

const perNumberHour = phoneCodeLimits.perNumber[0].max;
const perAccountHour = phoneCodeLimits.perAccount[0].max;

let phoneCounter = 0;
/** A fresh Nepali mobile number per use, so texts of one test never meet another's. */
function uniquePhone(): string {
  phoneCounter += 1;
  const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
  return `+97798${stamp}${String(phoneCounter % 100).padStart(2, '0')}`;
}

let addressCounter = 0;
/** A client address of its own, as a proxy named in TRUST_PROXY would pass it on. */
function uniqueAddress(): Record<string, string> {
  addressCounter += 1;
  return { 'x-forwarded-for': `198.51.100.${addressCounter}` };
}

function expectRateLimited(answer: Answer<ApiErrorBody>) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(429);
  expect(answer.body.error.code).toBe('rate_limited');
  expect(answer.body.error.message).toMatch(
    /^Too many attempts\. Please try again in \d+ minutes?\.$/,
  );
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
}

describe.each(databaseVariants)('codes texted to a number, on the $name database', (variant) => {
  let world: AuthWorld;
  let second: SecondInstance;
  beforeAll(async () => {
    world = await startAuthWorld(variant);
    second = await startSecondInstance(world, variant, { SMS_COUNTRY_CODES: '977,91' });
  }, 120_000);
  afterAll(async () => {
    await second.close();
    await world.close();
  });

  const textsTo = async (phone: string) =>
    (await outboxRepository(world.server.database.db).listNewestFirst()).filter(
      (message) => message.to === phone,
    );
  const sendCode = (client: Client, phone: string) =>
    client.post<ApiErrorBody>('/api/auth/phone-number/send-otp', { phoneNumber: phone });

  /** A confirmed account, signed in from an address of its own (or the one given). */
  async function account(
    address = uniqueAddress(),
    server: { client(headers?: Record<string, string>): Client } = world,
  ): Promise<Client> {
    const email = uniqueEmail('phone-flood');
    await signUpAndConfirm(world, email);
    const client = server.client(address);
    const answer = await client.post('/api/auth/sign-in/email', { email, password });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return client;
  }

  async function addNumber(client: Client, phone: string) {
    const sent = await sendCode(client, phone);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [text] = await textsTo(phone);
    const verified = await client.post('/api/auth/phone-number/verify', {
      phoneNumber: phone,
      code: /\b(\d{6})\b/.exec(text!.text)?.[1],
      updatePhoneNumber: true,
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  }

  it('texts nobody without a session, and answers the same for a number with an account and one without', async () => {
    const owned = uniquePhone();
    await addNumber(await account(), owned);
    const nobodys = uniquePhone();
    const stranger = world.client(uniqueAddress());

    // Every way a number could be texted, or signed in with, before anyone is signed in.
    const ways: [string, (phone: string) => Record<string, unknown>][] = [
      ['/api/auth/phone-number/send-otp', (phoneNumber) => ({ phoneNumber })],
      ['/api/auth/phone-number/request-password-reset', (phoneNumber) => ({ phoneNumber })],
      ['/api/auth/sign-in/phone-number', (phoneNumber) => ({ phoneNumber, password })],
      ['/api/auth/phone-number/verify', (phoneNumber) => ({ phoneNumber, code: '123456' })],
    ];
    for (const [path, body] of ways) {
      const toOwned = await stranger.post<ApiErrorBody>(path, body(owned));
      const toNobody = await stranger.post<ApiErrorBody>(path, body(nobodys));
      expect(toOwned.status, path).toBeGreaterThanOrEqual(400);
      expect({ status: toNobody.status, body: toNobody.body }, path).toEqual({
        status: toOwned.status,
        body: toOwned.body,
      });
      expect(
        toOwned.setCookies.some((line) => line.includes('session_token=')),
        path,
      ).toBe(false);
    }
    const asked = await sendCode(stranger, owned);
    expect(asked.status).toBe(401);
    expect(asked.body).toEqual({
      error: { code: 'unauthorized', message: 'Sign in to add a phone number.' },
    });

    // Only the one code its owner asked for when adding it; the other number, nothing.
    expect(await textsTo(owned)).toHaveLength(1);
    expect(await textsTo(nobodys)).toEqual([]);
  });

  it(`texts one number at most ${perNumberHour} codes an hour, whatever accounts and addresses ask, on any server`, async () => {
    const target = uniquePhone();
    const askers: Client[] = [];
    for (let i = 0; i < perNumberHour; i += 1) {
      const asker = await account();
      askers.push(asker);
      const sent = await sendCode(asker, target);
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    }
    // Another account, from another address, through the other server.
    const next = await account(uniqueAddress(), second);
    expectRateLimited(await sendCode(next, target));
    expect(await textsTo(target)).toHaveLength(perNumberHour);

    // The limit is the number's: that account may still add a number of its own.
    const own = uniquePhone();
    expect((await sendCode(next, own)).status).toBe(200);
    expect(await textsTo(own)).toHaveLength(1);

    // The refusal made no new code: the last one texted still works for the account that asked.
    const [last] = await textsTo(target);
    const verified = await askers.at(-1)!.post('/api/auth/phone-number/verify', {
      phoneNumber: target,
      code: /\b(\d{6})\b/.exec(last!.text)?.[1],
      updatePhoneNumber: true,
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  });

  it(`texts at most ${perAccountHour} codes an hour for one account, to whatever numbers`, async () => {
    const asker = await account();
    for (let i = 0; i < perAccountHour; i += 1) {
      const sent = await sendCode(asker, uniquePhone());
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    }
    const beyond = uniquePhone();
    expectRateLimited(await sendCode(asker, beyond));
    expect(await textsTo(beyond)).toEqual([]);

    // Other accounts keep their own budget, even from the same address.
    const sameAddress = uniqueAddress();
    const other = await account(sameAddress);
    expect((await sendCode(other, beyond)).status).toBe(200);
    expect(await textsTo(beyond)).toHaveLength(1);
  });

  it("keeps the owner's sign-in codes out of a number's budget, and within the account's", async () => {
    const address = uniqueAddress();
    const email = uniqueEmail('phone-flood-owner');
    await signUpAndConfirm(world, email);
    const owner = world.client(address);
    expect((await owner.post('/api/auth/sign-in/email', { email, password })).status).toBe(200);
    const phone = uniquePhone();
    await addNumber(owner, phone);
    const enabled = await owner.post('/api/auth/two-factor/enable', { password, method: 'otp' });
    expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);

    // Strangers use up what is left of the number's budget.
    for (let i = 1; i < perNumberHour; i += 1) {
      expect((await sendCode(await account(), phone)).status).toBe(200);
    }
    expectRateLimited(await sendCode(await account(), phone));
    const textsBefore = (await textsTo(phone)).length;

    // The owner still gets sign-in codes, up to the account's own budget (the code that added
    // the number was one of it).
    const signingIn = world.client(address);
    const step = await signingIn.post<{ twoFactorRedirect?: boolean }>('/api/auth/sign-in/email', {
      email,
      password,
    });
    expect(step.body.twoFactorRedirect).toBe(true);
    for (let i = 1; i < perAccountHour; i += 1) {
      const sent = await signingIn.post('/api/auth/two-factor/send-otp', {});
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    }
    expect(await textsTo(phone)).toHaveLength(textsBefore + perAccountHour - 1);
    expectRateLimited(await signingIn.post<ApiErrorBody>('/api/auth/two-factor/send-otp', {}));
    expect(await textsTo(phone)).toHaveLength(textsBefore + perAccountHour - 1);
  });

  it('texts only Nepali mobile numbers unless SMS_COUNTRY_CODES lists more', async () => {
    const asker = await account();
    for (const phone of ['+14155550100', '+919812345678', '+97714123456']) {
      const refused = await sendCode(asker, phone);
      expect(refused.status, phone).toBe(400);
      expect(refused.body, phone).toEqual({
        error: {
          code: 'phone_country_not_allowed',
          message: 'Codes are texted only to Nepali mobile numbers.',
        },
      });
      expect(await textsTo(phone), phone).toEqual([]);
    }
    // Not a number at all is another mistake, said as before.
    const malformed = await sendCode(asker, '9812345678');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('invalid_phone_number');

    // A server whose setting lists India's code texts an Indian mobile, and still no other.
    const listed = await account(uniqueAddress(), second);
    const indian = `+9198${String(Date.now() % 100_000_000).padStart(8, '0')}`;
    const sent = await sendCode(listed, indian);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(await textsTo(indian)).toHaveLength(1);
    const american = await sendCode(listed, '+14155550100');
    expect(american.status).toBe(400);
    expect(american.body).toEqual({
      error: {
        code: 'phone_country_not_allowed',
        message: 'Codes are texted only to Nepali mobile numbers and numbers under +91.',
      },
    });
    expect(await textsTo('+14155550100')).toEqual([]);
  });
});
