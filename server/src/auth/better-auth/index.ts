/**
 * Everything Sewa relies on beyond Better Auth's public options: its session cookie's
 * format, its internal adapter and context, the rows it keeps in `user`, `account`,
 * `verification`, `twoFactor` and `passkey`, the token format of its confirmation links,
 * the two-factor plugin's hooks and the schema check it starts without awaiting. The rest
 * of the server imports these from here only, and
 * tests/api/auth/better-auth-contract.test.ts fails when an upgrade changes one of them.
 */
export { accountAudit, isAuditedAccountCall, type AccountAudit } from './account-audit';
export { confirmationMail } from './confirmation-mail';
export { newConfirmationToken } from './confirmation-links';
export { createConfirmedAccount, passwordHashOf } from './confirmed-account';
export { replaceEveryWayIn } from './every-way-in';
export { expiredVerifications } from './expired-verifications';
export { notAnAddress } from './not-an-address';
export { isAccountPassword } from './password-check';
export { resetLinkPrefix, voidPendingResetLinks } from './reset-links';
export { oneTimeCodeSignInPath, secondFactorAlsoAfterOneTimeCode } from './second-factor-hook';
export { secondFactorTables, type StoredFactors } from './second-factor-tables';
export { secondStepAccount } from './second-step-account';
export { unconfirmedAccountDays, unconfirmedAccounts } from './unconfirmed-accounts';
export { sessionAddressOf } from './session-address';
export { verifiedPhoneSql } from './verified-phone';
export {
  sessionCookieSettings,
  verifiedCookieToken,
  type SessionCookieSettings,
} from './session-cookie';
