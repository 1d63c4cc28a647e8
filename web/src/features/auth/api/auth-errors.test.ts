import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { ApiRequestError } from '@/lib/api-client';
import { authErrorText, signInErrorText } from './auth-errors';
import { PasskeyError } from './passkey-sign-in';

const refused = (code: string, message = 'Server words') =>
  new ApiRequestError(400, code as never, message);

describe('auth error wording', () => {
  const t = i18n.getFixedT('en');
  const ne = i18n.getFixedT('ne');

  it("says the server refused the page's address, not to try again, in both languages", () => {
    for (const code of ['origin_refused', 'invalid_origin']) {
      const refusal = new ApiRequestError(403, code as never, 'Server words');
      expect(signInErrorText(t, refusal)).toBe(
        "The server refused this page's address. Open Sewa at the address the server printed when it started (its PUBLIC_URL).",
      );
      expect(signInErrorText(ne, refusal)).toMatch(/ठेगाना \(PUBLIC_URL\) मा सेवा खोल्नुहोस्/);
    }
  });

  it('gives the spec sign-in messages and the generic one for anything else', () => {
    expect(signInErrorText(t, refused('invalid_email_or_password'))).toBe(
      'Wrong email or password.',
    );
    expect(signInErrorText(t, refused('email_not_verified'))).toBe(
      'Please verify your email before signing in.',
    );
    expect(signInErrorText(t, refused('rate_limited'))).toMatch(/^Too many attempts/);
    expect(signInErrorText(t, refused('account_protected'))).toBe(
      'This account has had too many failed sign-ins. Sign in with a one-time code sent to your e-mail.',
    );
    expect(signInErrorText(ne, refused('account_protected'))).toMatch(/एक पटके कोडबाट साइन इन/);
    // An account an admin deactivated (a person who left) says so, whatever the password.
    expect(signInErrorText(t, refused('account_deactivated'))).toBe(
      'This account is deactivated. Ask your clinic’s admin to reactivate it.',
    );
    expect(signInErrorText(ne, refused('account_deactivated'))).toMatch(/खाता निष्क्रिय/);
    expect(signInErrorText(t, refused('something_else'))).toBe(
      'Unable to sign in. Please try again.',
    );
    expect(signInErrorText(t, new ApiRequestError(0, 'network', 'offline'))).toBe(
      'Unable to sign in. Please try again.',
    );
    expect(signInErrorText(ne, refused('invalid_email_or_password'))).toBe('इमेल वा पासवर्ड मिलेन।');
  });

  it('shows the server message only where asked, and never a 5xx one', () => {
    const fallback = 'Fallback';
    expect(authErrorText(t, refused('odd_refusal'), fallback, { serverMessage: true })).toBe(
      'Server words',
    );
    expect(authErrorText(t, refused('odd_refusal'), fallback)).toBe(fallback);
    expect(
      authErrorText(t, new ApiRequestError(500, 'internal', 'boom'), fallback, {
        serverMessage: true,
      }),
    ).toBe(fallback);
    expect(authErrorText(t, refused('invitation_code_invalid'), fallback)).toBe(
      'Invitation code is invalid.',
    );
    expect(authErrorText(t, refused('password_too_short'), fallback)).toBe(
      'Your password must have at least 8 characters.',
    );
    expect(authErrorText(t, new PasskeyError('passkey_cancelled'), fallback)).toBe(
      'Passkey sign-in was cancelled.',
    );
  });
});

describe('auth error wording for the codes every screen shares', () => {
  const t = i18n.getFixedT('en');

  it('says the database is away instead of the sign-in or generic fallback', () => {
    const away = new ApiRequestError(503, 'service_unavailable', 'Server words');
    const databaseAway =
      'The database is unavailable at the moment. Please try again in a few seconds.';
    expect(signInErrorText(t, away)).toBe(databaseAway);
    expect(authErrorText(t, away, 'fallback', { serverMessage: true })).toBe(databaseAway);
  });
});
