import type { AccountSystem } from './account-system';

/**
 * Whether `password` is the account's password, checked with the account system's own
 * hasher. An account without a password has no password that could match: it fails closed,
 * so a step guarded by the password is never open to anyone holding only a session.
 */
export async function isAccountPassword(
  auth: AccountSystem,
  userId: string,
  password: string,
): Promise<boolean> {
  const context = await auth.$context;
  const account = await context.internalAdapter.findCredentialAccount(userId);
  if (!account?.password) return false;
  return context.password.verify({ hash: account.password, password });
}
