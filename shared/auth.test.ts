import { describe, expect, it } from 'vitest';
import {
  isReservedAddress,
  oneTimeCodeSignInSchema,
  resetPasswordSchema,
  shownAddress,
  signInSchema,
  signUpSchema,
  twoFactorChallengeSchema,
} from './auth';

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('auth schemas', () => {
  it('trim the e-mail of a sign-in and need a password', () => {
    expect(signInSchema.parse({ email: '  sita@example.com ', password: 'x' })).toEqual({
      email: 'sita@example.com',
      password: 'x',
    });
    expect(messages(signInSchema.safeParse({ email: '   ', password: '' }))).toEqual([
      'email_required',
      'password_required',
    ]);
  });

  it('trim and uppercase the invitation code and refuse an empty one with the server code', () => {
    const input = { email: 'a@example.com', password: 'long-enough' };
    expect(signUpSchema.parse({ ...input, inviteCode: ' pilot-2026 ' }).inviteCode).toBe(
      'PILOT-2026',
    );
    expect(messages(signUpSchema.safeParse({ ...input, inviteCode: '   ' }))).toEqual([
      'invitation_code_required',
    ]);
  });

  it('take an address of the reserved domain, however spelled, for one that is none', () => {
    const reserved = 'dependent-5271eefb-1b7e-4f7a-9c4e-0d2a6c1f8e3b@dependents.sewa.invalid';
    const spellings = [
      reserved,
      reserved.toUpperCase(),
      `${reserved}.`,
      ` ${reserved}\t`,
      'someone@ward.dependents.sewa.invalid',
      reserved.replace('dependents.sewa', 'ｄｅｐｅｎｄｅｎｔｓ．sewa'),
      reserved.replace('sewa.invalid', 'sewa\u3002invalid'),
    ];
    for (const email of spellings) {
      expect(isReservedAddress(email), email).toBe(true);
      expect(messages(signInSchema.safeParse({ email, password: 'x' })), email).toEqual([
        'invalid_email',
      ]);
      expect(shownAddress(email), email).toBeNull();
    }
    for (const email of ['sita@example.com', 'sita@dependents.sewa.invalid.example.com']) {
      expect(isReservedAddress(email), email).toBe(false);
      expect(shownAddress(email)).toBe(email);
    }
    expect(isReservedAddress('sita@notdependents.sewa.invalid')).toBe(false);
  });

  it('refuse passwords under 8 characters with the server code', () => {
    expect(
      messages(
        signUpSchema.safeParse({ email: 'a@example.com', password: 'short', inviteCode: 'X' }),
      ),
    ).toEqual(['password_too_short']);
    expect(messages(resetPasswordSchema.safeParse({ newPassword: '1234567', token: 't' }))).toEqual(
      ['password_too_short'],
    );
    expect(resetPasswordSchema.safeParse({ newPassword: '12345678', token: 't' }).success).toBe(
      true,
    );
  });

  it('take a one-time code of six digits only', () => {
    const email = 'a@example.com';
    expect(oneTimeCodeSignInSchema.safeParse({ email, otp: ' 012345 ' }).data?.otp).toBe('012345');
    expect(oneTimeCodeSignInSchema.safeParse({ email, otp: '12345' }).success).toBe(false);
    expect(oneTimeCodeSignInSchema.safeParse({ email, otp: '12345a' }).success).toBe(false);
  });

  it('recognise the answer that asks for a second factor', () => {
    expect(
      twoFactorChallengeSchema.safeParse({ twoFactorRedirect: true, twoFactorMethods: ['totp'] })
        .success,
    ).toBe(true);
    expect(twoFactorChallengeSchema.safeParse({ redirect: false, token: 'x' }).success).toBe(false);
  });
});
