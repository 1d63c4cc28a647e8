import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageOf } from '@shared/patient-age';
import type { Me, Profile } from '@shared/profile';
import { profilesRepository } from '../../server/src/profiles/profiles-repository';
import type { ApiErrorBody, Client } from './auth/client';
import {
  signedIn,
  signUpAndConfirm,
  startAuthWorld,
  uniqueEmail,
  type AuthWorld,
} from './auth/fixture';
import { databaseVariants } from './support/test-server';

describe.each(databaseVariants)('PUT /api/profile on the $name database', (variant) => {
  let world: AuthWorld;
  beforeAll(async () => {
    world = await startAuthWorld(variant);
  });
  afterAll(() => world.close());

  async function newPatient(label: string): Promise<{ email: string; client: Client }> {
    const email = uniqueEmail(label);
    await signUpAndConfirm(world, email);
    return { email, client: await signedIn(world, email) };
  }

  const save = (client: Client, body: unknown) =>
    client.call<Profile & ApiErrorBody>('PUT', '/api/profile', body);
  const me = async (client: Client) => (await client.get<Me>('/api/me')).body;

  it('refuses a caller without a session', async () => {
    const answer = await save(world.client(), { first_name: 'Sita', date_system: 'ad' });
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe('unauthorized');
  });

  it('refuses a first or last name over 100 characters, and keeps one of exactly 100', async () => {
    const { client } = await newPatient('long-name');
    for (const field of ['first_name', 'last_name']) {
      const body = { first_name: 'Sita', date_system: 'ad', [field]: 'स'.repeat(101) };
      const answer = await save(client, body);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toEqual({
        code: 'validation_failed',
        message: 'Names can be at most 100 characters',
      });
    }
    const longest = await save(client, {
      first_name: 'a'.repeat(100),
      last_name: ` ${'b'.repeat(100)} `,
      date_system: 'ad',
    });
    expect(longest.status).toBe(200);
    expect((await me(client)).profile?.last_name).toBe('b'.repeat(100));
  });

  it('saves a new profile as a patient and shows it in /api/me', async () => {
    const { client } = await newPatient('onboard');
    expect((await me(client)).profile).toBeNull();

    const answer = await save(client, {
      first_name: '  Sita ',
      last_name: 'Sharma',
      gender: 'female',
      age: '34',
      date_system: 'ad',
      dob_ad: '1991-04-14',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      first_name: 'Sita',
      last_name: 'Sharma',
      gender: 'female',
      age: 34,
      date_system: 'ad',
      dob_ad: '1991-04-14',
      dob_bs: null,
      role: 'patient',
    });
    const after = await me(client);
    expect(after.role).toBe('patient');
    expect(after.profile).toEqual(answer.body);
  });

  it.each([
    [{ date_system: 'ad' }, 'Please enter your first name'],
    [{ first_name: '   ', date_system: 'ad' }, 'Please enter your first name'],
    [{ first_name: 'Sita', date_system: 'ad', age: 121 }, 'Please enter a valid age'],
    [{ first_name: 'Sita', date_system: 'ad', age: -1 }, 'Please enter a valid age'],
    [{ first_name: 'Sita', date_system: 'ad', age: 30.5 }, 'Please enter a valid age'],
    [{ first_name: 'Sita', date_system: 'ad', age: 'thirty' }, 'Please enter a valid age'],
    [{ first_name: 'Sita', date_system: 'ad', gender: 'robot' }, 'Please choose a gender'],
    [{ first_name: 'Sita', date_system: 'julian' }, 'Please choose AD or BS'],
    [{ first_name: 'Sita', date_system: 'ad', dob_ad: '2023-02-30' }, 'Please enter a valid date'],
    [
      { first_name: 'Sita', date_system: 'bs', dob_bs: '2056-13-01' },
      'Please enter a valid BS date (YYYY-MM-DD)',
    ],
    [
      // Chaitra 2081 ends on the 31st.
      { first_name: 'Sita', date_system: 'bs', dob_bs: '2081-12-32' },
      'Please enter a valid BS date (YYYY-MM-DD)',
    ],
    [
      { first_name: 'Sita', date_system: 'bs', dob_bs: '2056-1-1' },
      'Please enter a valid BS date (YYYY-MM-DD)',
    ],
  ])('refuses %j with the form’s message', async (body, message) => {
    const { client } = await newPatient('invalid');
    const answer = await save(client, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: { code: 'validation_failed', message } });
    expect((await me(client)).profile).toBeNull();
  });

  it('stores only the chosen calendar’s date of birth', async () => {
    const { client } = await newPatient('calendar');
    const bs = await save(client, {
      first_name: 'Ram',
      date_system: 'bs',
      dob_bs: '2056-10-01',
      dob_ad: '2000-01-15',
    });
    expect(bs.status).toBe(200);
    expect(bs.body).toMatchObject({ date_system: 'bs', dob_bs: '2056-10-01', dob_ad: null });

    const ad = await save(client, {
      first_name: 'Ram',
      date_system: 'ad',
      dob_ad: '2000-01-15',
      dob_bs: '2056-10-01',
    });
    expect(ad.body).toMatchObject({ date_system: 'ad', dob_ad: '2000-01-15', dob_bs: null });
    expect((await me(client)).profile).toMatchObject({ dob_ad: '2000-01-15', dob_bs: null });
  });

  it('accepts a BS date and an age typed in Devanagari digits', async () => {
    const { client } = await newPatient('devanagari');
    const answer = await save(client, {
      first_name: 'गीता',
      age: '३४',
      date_system: 'bs',
      dob_bs: '२०५६-१०-०१',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ first_name: 'गीता', age: 34, dob_bs: '2056-10-01' });
  });

  it('gives the age of a Bikram Sambat birth date with no age typed, on Profile and Health', async () => {
    const { client } = await newPatient('bs-age');
    // २०४५-०२-३० BS, the way a new patient types it in Nepali.
    const answer = await save(client, {
      first_name: 'सीता',
      age: '',
      date_system: 'bs',
      dob_bs: '२०४५-०२-३०',
    });
    expect(answer.status).toBe(200);
    const expected = ageOf({ age: null, dateSystem: 'bs', dobAd: null, dobBs: '2045-02-30' });
    expect(expected).toBeGreaterThanOrEqual(37);
    expect(answer.body).toMatchObject({ age: null, current_age: expected });
    expect((await me(client)).profile).toMatchObject({ age: null, current_age: expected });
  });

  it('lets a patient correct her name, gender and date of birth after onboarding', async () => {
    const { client } = await newPatient('edit');
    await save(client, { first_name: 'Sita', gender: 'male', age: '34', date_system: 'ad' });

    const edited = await save(client, {
      first_name: 'Sita',
      last_name: 'Sharma',
      gender: 'female',
      age: '',
      date_system: 'ad',
      dob_ad: '1991-04-14',
    });
    expect(edited.status).toBe(200);
    expect((await me(client)).profile).toMatchObject({
      first_name: 'Sita',
      last_name: 'Sharma',
      gender: 'female',
      age: null,
      dob_ad: '1991-04-14',
      current_age: ageOf({ age: null, dateSystem: 'ad', dobAd: '1991-04-14', dobBs: null }),
      role: 'patient',
    });
  });

  it('refuses an edit with the form’s own message and keeps the profile as it was', async () => {
    const { client } = await newPatient('edit-refused');
    await save(client, { first_name: 'Sita', age: '34', date_system: 'ad' });
    const before = (await me(client)).profile;

    for (const [body, message] of [
      [{ first_name: ' ', date_system: 'ad' }, 'Please enter your first name'],
      [
        { first_name: 'Sita', date_system: 'bs', dob_bs: '2045-02-33' },
        'Please enter a valid BS date (YYYY-MM-DD)',
      ],
      [{ first_name: 'Sita', date_system: 'ad', age: '200' }, 'Please enter a valid age'],
    ] as const) {
      const answer = await save(client, body);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: { code: 'validation_failed', message } });
    }
    expect((await me(client)).profile).toEqual(before);
  });

  it('never lets a patient choose their own role', async () => {
    const { client } = await newPatient('climber');
    const answer = await save(client, { first_name: 'Mallory', date_system: 'ad', role: 'doctor' });
    expect(answer.status).toBe(200);
    expect(answer.body.role).toBe('patient');
    const again = await save(client, {
      first_name: 'Mallory',
      date_system: 'ad',
      role: 'superadmin',
    });
    expect(again.body.role).toBe('patient');

    // Nor through the account calls: the role lives in the profile, out of their reach.
    await client.post('/api/auth/update-user', { name: 'Mallory', role: 'admin' });
    expect((await me(client)).role).toBe('patient');
  });

  it('keeps the role an operator gave when that person saves their profile', async () => {
    const { email, client } = await newPatient('doctor');
    const profiles = profilesRepository(world.server.database.db);
    const user = await world.server.database.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    await profiles.setRole(user.id, 'doctor');

    const answer = await save(client, { first_name: 'Ram', last_name: 'Thapa', date_system: 'ad' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ first_name: 'Ram', role: 'doctor' });
    expect((await me(client)).role).toBe('doctor');
  });
});
