import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Better Auth keeps each mailed reset link as a `verification` row named
 * `reset-password:<token>` whose value is the account id.
 */
export const resetLinkPrefix = 'reset-password:';

/**
 * Once a password is reset, the account's other reset links still in some mailbox
 * must not set it again: whoever set the new password decides, not an older mail.
 */
export async function voidPendingResetLinks(db: Kysely<Database>, userId: string): Promise<void> {
  await db
    .deleteFrom('verification')
    .where('identifier', 'like', `${resetLinkPrefix}%`)
    .where('value', '=', userId)
    .execute();
}
