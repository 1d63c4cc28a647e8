import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as forgetUnverifiedPhoneNumbers } from '../../../server/src/db/migrations/0008-unverified-phone-numbers';
import { outboxRepository } from '../../../server/src/mail/outbox-repository';
import { databaseVariants } from '../support/test-server';
import type { ApiErrorBody, Client } from './client';
import {
  inviteCode,
  password,
  signedIn,
  signUpAndConfirm,
  startAuthWorld,
  uniqueEmail,
  type AuthWorld,
} from './fixture';

interface MeBody {
  user: { twoFactorEnabled: boolean };
}

let phoneCounter = 0;
/** A fresh number per use, so texts of one test never meet another's. */
function uniquePhone(): string {
  phoneCounter += 1;
  // A Nepali mobile: 98 and eight digits, as only those are texted.
  const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
  return `+97798${stamp}${String(phoneCounter % 100).padStart(2, '0')}`;
}

const refused = (field: string) => ({
  error: { code: 'field_not_allowed', message: `${field} is not allowed to be set` },
});

describe.each(databaseVariants)('phone numbers on the $name database', (variant) => {
  let world: AuthWorld;
  beforeAll(async () => {
    world = await startAuthWorld(variant);
  });
  afterAll(() => world.close());

  const db = () => world.server.database.db;
  const textsTo = async (phone: string) =>
    (await outboxRepository(db()).listNewestFirst()).filter((message) => message.to === phone);
  const storedPhone = (email: string) =>
    db()
      .selectFrom('user')
      .select(['phoneNumber', 'phoneNumberVerified', 'emailVerified', 'twoFactorEnabled'])
      .where('email', '=', email)
      .executeTakeFirst();

  /** Adds `phone` to the signed-in account the only allowed way: a texted code. */
  async function verifyPhone(client: Client, phone: string) {
    const sent = await client.post('/api/auth/phone-number/send-otp', { phoneNumber: phone });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [text] = await textsTo(phone);
    const verified = await client.post('/api/auth/phone-number/verify', {
      phoneNumber: phone,
      code: /\b(\d{6})\b/.exec(text!.text)?.[1],
      updatePhoneNumber: true,
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  }

  /** An account left with a number nobody proved, as sign-up could once store. */
  async function plantUnverifiedPhone(email: string, phone: string) {
    await db()
      .updateTable('user')
      .set({ phoneNumber: phone, phoneNumberVerified: false })
      .where('email', '=', email)
      .execute();
  }

  it('refuses a phone number at sign-up alike whether it is free or taken, and stores none', async () => {
    const owner = uniqueEmail('phone-owner');
    await signUpAndConfirm(world, owner);
    const taken = uniquePhone();
    await verifyPhone(await signedIn(world, owner), taken);

    const answers = [];
    for (const phone of [taken, uniquePhone()]) {
      const email = uniqueEmail('phone-signup');
      const answer = await world.client().post<ApiErrorBody>('/api/auth/sign-up/email', {
        email,
        password,
        name: '',
        inviteCode,
        phoneNumber: phone,
      });
      answers.push({ status: answer.status, body: answer.body });
      expect(await storedPhone(email)).toBeUndefined();
    }
    expect(answers).toEqual([
      { status: 400, body: refused('phoneNumber') },
      { status: 400, body: refused('phoneNumber') },
    ]);
    expect(await storedPhone(owner)).toMatchObject({ phoneNumber: taken });
  });

  it('refuses every field only the server sets at sign-up, whatever its value', async () => {
    for (const [field, value] of [
      ['emailVerified', true],
      ['phoneNumberVerified', true],
      ['twoFactorEnabled', true],
      ['phoneNumber', null],
    ] as const) {
      const email = uniqueEmail('server-field');
      const answer = await world.client().post<ApiErrorBody>('/api/auth/sign-up/email', {
        email,
        password,
        name: '',
        inviteCode,
        [field]: value,
      });
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 400,
        body: refused(field),
      });
      expect(await storedPhone(email)).toBeUndefined();
    }
  });

  it('refuses a phone number in a profile update: none is added, a verified one stays', async () => {
    const email = uniqueEmail('phone-update');
    await signUpAndConfirm(world, email);
    const client = await signedIn(world, email);
    for (const body of [
      { phoneNumber: uniquePhone() },
      { name: 'Sita', phoneNumber: uniquePhone() },
      { phoneNumberVerified: true },
      { emailVerified: false },
    ]) {
      const answer = await client.post<ApiErrorBody>('/api/auth/update-user', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.code).toBe('field_not_allowed');
    }
    expect(await storedPhone(email)).toEqual({
      phoneNumber: null,
      phoneNumberVerified: null,
      emailVerified: true,
      twoFactorEnabled: false,
    });

    const verified = uniquePhone();
    await verifyPhone(client, verified);
    const cleared = await client.post<ApiErrorBody>('/api/auth/update-user', { phoneNumber: null });
    expect(cleared.status).toBe(400);
    expect(await storedPhone(email)).toMatchObject({
      phoneNumber: verified,
      phoneNumberVerified: true,
    });
    // A name alone is still the person's to change.
    expect((await client.post('/api/auth/update-user', { name: 'Sita' })).status).toBe(200);
  });

  it('texts no second-factor code to a number nobody verified', async () => {
    const email = uniqueEmail('phone-unverified');
    await signUpAndConfirm(world, email);
    const client = await signedIn(world, email);
    const phone = uniquePhone();
    await plantUnverifiedPhone(email, phone);

    await client.post('/api/auth/two-factor/send-otp', {});
    expect(await textsTo(phone)).toEqual([]);
  });

  it('forgets the numbers stored before without a texted code, and keeps verified ones', async () => {
    const unproven = uniqueEmail('phone-unproven');
    const proven = uniqueEmail('phone-proven');
    await signUpAndConfirm(world, unproven);
    await signUpAndConfirm(world, proven);
    await plantUnverifiedPhone(unproven, uniquePhone());
    const verified = uniquePhone();
    await verifyPhone(await signedIn(world, proven), verified);

    // Migrations see the database untyped.
    await forgetUnverifiedPhoneNumbers(db() as unknown as Kysely<unknown>);
    expect(await storedPhone(unproven)).toMatchObject({
      phoneNumber: null,
      phoneNumberVerified: false,
    });
    expect(await storedPhone(proven)).toMatchObject({
      phoneNumber: verified,
      phoneNumberVerified: true,
    });
  });

  it('refuses to turn on text-message codes without a verified phone, and sign-in still works', async () => {
    const email = uniqueEmail('phone-enable');
    await signUpAndConfirm(world, email);
    const client = await signedIn(world, email);
    const enable = () =>
      client.post<ApiErrorBody>('/api/auth/two-factor/enable', { password, method: 'otp' });

    const withoutPhone = await enable();
    expect(withoutPhone.status).toBe(400);
    expect(withoutPhone.body).toEqual({
      error: { code: 'phone_not_enrolled', message: 'Add and verify a phone number first.' },
    });
    await plantUnverifiedPhone(email, uniquePhone());
    const withUnverifiedPhone = await enable();
    expect(withUnverifiedPhone.status).toBe(400);
    expect(withUnverifiedPhone.body.error.code).toBe('phone_not_enrolled');

    expect((await client.get<MeBody>('/api/me')).body.user.twoFactorEnabled).toBe(false);
    const again = world.client();
    const signIn = await again.post<{ twoFactorRedirect?: boolean }>('/api/auth/sign-in/email', {
      email,
      password,
    });
    expect(signIn.status).toBe(200);
    expect(signIn.body.twoFactorRedirect).toBeUndefined();
    expect((await again.get('/api/me')).status).toBe(200);
  });
});
