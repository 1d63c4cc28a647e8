import type { Auth } from '../auth';

/**
 * Whether `password` is the account's password, checked with the account system's own
 * hasher. An account without a password (none today) has nothing to check, as in Better Auth.
 */
export async function isAccountPassword(
  auth: Auth,
  userId: string,
  password: string,
): Promise<boolean> {
  const context = await auth.$context;
  const account = await context.internalAdapter.findCredentialAccount(userId);
  if (!account?.password) return true;
  return context.password.verify({ hash: account.password, password });
}
