import type { AccountSystem } from './account-system';

/**
 * An account with a confirmed e-mail address and a password, made as an administrator
 * would: no mail, no invitation code. `passwordHash` comes from the account system's own
 * hash, so accounts sharing one password may share one hash.
 */
export async function createConfirmedAccount(
  auth: AccountSystem,
  account: { email: string; name?: string; passwordHash: string },
): Promise<{ id: string }> {
  const context = await auth.$context;
  const user = await context.internalAdapter.createUser(
    { email: account.email, name: account.name ?? '', emailVerified: true },
    { method: 'admin' },
  );
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: account.passwordHash,
  });
  return { id: user.id };
}

/** The account system's hash of `password`. */
export async function passwordHashOf(auth: AccountSystem, password: string): Promise<string> {
  return (await auth.$context).password.hash(password);
}
