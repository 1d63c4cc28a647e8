import type { AccountSystem } from './account-system';

/**
 * Waits for the check of the database's tables that Better Auth starts, without awaiting
 * it, when it is created. A server that closes soon after starting waits for it before its
 * database closes, or the check fails on the closed database and logs a false alarm.
 */
export async function startUpCheckSettled(auth: AccountSystem): Promise<void> {
  const context = await auth.$context;
  await context.checkSchema?.()?.catch(() => undefined);
}
