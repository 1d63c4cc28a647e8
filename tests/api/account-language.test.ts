import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationSettings } from '@shared/notifications';
import { codeIn } from './support/smtp';
import { databaseVariants } from './support/test-server';
import {
  signedIn,
  signUpAndConfirm,
  startAuthWorld,
  uniqueEmail,
  type AuthWorld,
} from './auth/fixture';

/**
 * The language stored on the account (the app stores it when its reader switches): mails to a
 * known account are written in it, whatever language the request that caused them came in.
 */
describe.each(databaseVariants)('the account’s language on the $name database', (variant) => {
  let world: AuthWorld;
  beforeAll(async () => {
    world = await startAuthWorld(variant);
  });
  afterAll(() => world.close());

  /** A confirmed account that chose `language` in the app. */
  async function accountIn(label: string, language: 'en' | 'ne'): Promise<string> {
    const email = uniqueEmail(label);
    await signUpAndConfirm(world, email);
    const client = await signedIn(world, email);
    const chosen = await client.call<NotificationSettings>('PATCH', '/api/notifications/settings', {
      language,
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.language).toBe(language);
    expect(
      (await client.get<NotificationSettings>('/api/notifications/settings')).body.language,
    ).toBe(language);
    return email;
  }

  async function resetMail(email: string, acceptLanguage: string) {
    const seen = world.smtp.mailsTo(email).length;
    const answer = await world
      .client({ 'accept-language': acceptLanguage })
      .post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    expect(answer.status).toBe(200);
    return world.smtp.nextMailTo(email, seen);
  }

  async function codeMail(email: string, acceptLanguage: string) {
    const seen = world.smtp.mailsTo(email).length;
    const answer = await world
      .client({ 'accept-language': acceptLanguage })
      .post('/api/auth/email-otp/send-verification-otp', { email, type: 'sign-in' });
    expect(answer.status).toBe(200);
    return world.smtp.nextMailTo(email, seen);
  }

  it('writes the reset and sign-in code mails in Nepali to an account that chose Nepali', async () => {
    const email = await accountIn('lang-ne', 'ne');
    expect((await resetMail(email, 'en-US,en;q=0.9')).subject).toBe('आफ्नो सेवा पासवर्ड रिसेट गर्नुहोस्');
    const code = await codeMail(email, 'en');
    expect(code.subject).toBe('तपाईंको सेवा साइन-इन कोड');
    expect(codeIn(code.text)).toMatch(/^\d{6}$/);
  });

  it('writes them in English to an account that chose English, even asked in Nepali', async () => {
    const email = await accountIn('lang-en', 'en');
    expect((await resetMail(email, 'ne')).subject).toBe('Reset your Sewa password');
    expect((await codeMail(email, 'ne-NP,ne;q=0.9')).subject).toBe('Your Sewa sign-in code');
  });
});
