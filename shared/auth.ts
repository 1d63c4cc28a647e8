import * as z from 'zod/mini';

/**
 * The forms of signing up, in and out. Each refusal's message is the same stable
 * code the server answers with (`{ error: { code } }`), so the web app translates
 * a field the browser refused and a call the server refused the same way.
 */
export const minPasswordLength = 8;
export const maxPasswordLength = 128;

/** A one-time code, a second-factor code: six digits. */
export const sixDigitCodePattern = /^\d{6}$/;

/**
 * The domain of the addresses that family members without a login of their own hold
 * (`dependent-<id>@dependents.sewa.invalid`): no mail reaches it (`.invalid`), and no person
 * may use it. Every form, sign-up, sign-in, reset and code takes it for an address that is none.
 */
export const reservedAddressDomain = 'dependents.sewa.invalid';

/**
 * Whether `email` is in the reserved domain or under it, however it is spelled: in any case,
 * with spaces around it, a trailing dot, or full-width or ideographic dots and letters.
 */
export function isReservedAddress(email: string): boolean {
  const address = email
    .normalize('NFKC')
    // The ideographic full stop, which NFKC keeps, separates labels of a domain too (IDNA).
    .replace(/\u3002/g, '.')
    .trim()
    .toLowerCase();
  const domain = address.slice(address.lastIndexOf('@') + 1).replace(/\.+$/, '');
  return domain === reservedAddressDomain || domain.endsWith(`.${reservedAddressDomain}`);
}

/** An account's address as an answer may show it: none for one in the reserved domain. */
export function shownAddress(email: string | null): string | null {
  return email !== null && !isReservedAddress(email) ? email : null;
}

export const emailAddress = z.string().check(
  z.trim(),
  // An empty address is only "required", not also "invalid".
  z.minLength(1, { error: 'email_required', abort: true }),
  z.email({ error: 'invalid_email', abort: true }),
  z.refine((email) => !isReservedAddress(email), 'invalid_email'),
);

/** A password being chosen: the sign-up page's rules. */
export const newPassword = z
  .string()
  .check(
    z.minLength(minPasswordLength, 'password_too_short'),
    z.maxLength(maxPasswordLength, 'password_too_long'),
  );

const sixDigitCode = z.string().check(z.trim(), z.regex(sixDigitCodePattern, 'invalid_code'));

/** POST /api/auth/sign-in/email */
export const signInSchema = z.object({
  email: emailAddress,
  password: z.string().check(z.minLength(1, 'password_required')),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** POST /api/auth/sign-up/email; the invitation code is compared trimmed and case-insensitive. */
export const signUpSchema = z.object({
  email: emailAddress,
  password: newPassword,
  inviteCode: z
    .string()
    .check(z.trim(), z.toUpperCase(), z.minLength(1, 'invitation_code_required')),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/** POST /api/auth/request-password-reset, POST /api/auth/email-otp/send-verification-otp */
export const emailOnlySchema = z.object({ email: emailAddress });
export type EmailOnlyInput = z.infer<typeof emailOnlySchema>;

/** POST /api/auth/reset-password */
export const resetPasswordSchema = z.object({
  newPassword,
  token: z.string().check(z.minLength(1, 'invalid_token')),
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** POST /api/auth/sign-in/email-otp */
export const oneTimeCodeSignInSchema = z.object({ email: emailAddress, otp: sixDigitCode });
export type OneTimeCodeSignInInput = z.infer<typeof oneTimeCodeSignInSchema>;

/** POST /api/auth/two-factor/verify-totp and /two-factor/verify-otp */
export const secondFactorCodeSchema = z.object({ code: sixDigitCode });
export type SecondFactorCodeInput = z.infer<typeof secondFactorCodeSchema>;

/** POST /api/auth/two-factor/verify-backup-code; backup codes look like `abcde-12345`. */
export const backupCodeSchema = z.object({
  code: z.string().check(z.trim(), z.minLength(1, 'invalid_backup_code')),
});
export type BackupCodeInput = z.infer<typeof backupCodeSchema>;

/** The second factors a password sign-in may ask for. */
export const secondFactorMethods = ['totp', 'otp'] as const;
export type SecondFactorMethod = (typeof secondFactorMethods)[number];

/** What POST /api/auth/sign-in/email answers when the account has a second factor. */
export const twoFactorChallengeSchema = z.object({
  twoFactorRedirect: z.literal(true),
  twoFactorMethods: z.array(z.string()),
});
