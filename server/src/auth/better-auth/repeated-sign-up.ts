import { randomUUID } from 'node:crypto';
import type { AuthContext } from '@better-auth/core';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { newConfirmationToken, rememberLatestLink } from './confirmation-links';

/** Sends the confirmation mail with `url` to `email`. */
export type SendConfirmation = (
  email: string,
  url: string,
  request: Request | undefined,
) => Promise<void>;

export interface SignUp {
  email: string;
  password: string;
  name: string;
  callbackURL?: string | undefined;
}

export interface RepeatedSignUp {
  db: Kysely<Database>;
  auth: AuthContext;
  signUp: SignUp;
  /** The id the account system answered with: the real one when this very sign-up created the account. */
  answeredUserId: string | undefined;
  request: Request | undefined;
  lifetimeSeconds: number;
  send: SendConfirmation;
}

/**
 * Whether the unconfirmed account whose id is in column `id` is a bare sign-up: nothing but
 * an address and a password. A profile, a guardian, any grant to or of it (a family member's
 * account without a login has all three) or a session make it someone's, and it is never
 * replaced nor removed for being unconfirmed.
 */
export function isBareSignUp(id: string): RawBuilder<boolean> {
  const account = sql.ref(id);
  return sql<boolean>`(
    not exists (select 1 from "profiles" p where p."id" = ${account})
    and not exists (select 1 from "care_grants" g
      where g."patient_id" = ${account} or g."caregiver_id" = ${account})
    and not exists (select 1 from "session" s where s."userId" = ${account}))`;
}

/**
 * A sign-up for an address whose account is not confirmed yet takes that account over:
 * its password and name become this sign-up's, and a fresh confirmation link is mailed
 * that alone confirms it. So the owner's own sign-up always voids a password someone
 * else set earlier, and its link confirms the owner's password only. The account system
 * has already answered as for a new address (and mailed a new account its first link);
 * a confirmed account, and one that is more than a bare sign-up, are left as they are.
 */
export async function replacePendingSignUp({
  db,
  auth,
  signUp,
  answeredUserId,
  request,
  lifetimeSeconds,
  send,
}: RepeatedSignUp): Promise<void> {
  // Every sign-up pays for this hash, whatever the address: an answer that took one hash
  // longer for an unconfirmed account than for a new or confirmed one would tell them apart.
  const passwordHash = await auth.password.hash(signUp.password);
  const email = signUp.email.toLowerCase();
  const pending = await db
    .selectFrom('user')
    .select('id')
    .where('email', '=', email)
    .where('emailVerified', '=', false)
    .where(isBareSignUp('user.id'))
    .executeTakeFirst();
  if (!pending || pending.id === answeredUserId) return;

  const token = await newConfirmationToken(auth.secret, email, lifetimeSeconds);
  const replaced = await db.transaction().execute(async (trx) => {
    // Holds the account's row, as confirming does, so the two never interleave.
    const stillPending = await trx
      .selectFrom('user')
      .select('id')
      .where('id', '=', pending.id)
      .where('emailVerified', '=', false)
      .where(isBareSignUp('user.id'))
      .forUpdate()
      .executeTakeFirst();
    if (!stillPending) return false;
    const now = new Date();
    const updated = await trx
      .updateTable('account')
      .set({ password: passwordHash, updatedAt: now })
      .where('userId', '=', pending.id)
      .where('providerId', '=', 'credential')
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) {
      await trx
        .insertInto('account')
        .values({
          id: auth.generateId({ model: 'account' }) || randomUUID(),
          accountId: pending.id,
          providerId: 'credential',
          userId: pending.id,
          password: passwordHash,
          updatedAt: now,
        })
        .execute();
    }
    await trx
      .updateTable('user')
      .set({ name: signUp.name, updatedAt: now })
      .where('id', '=', pending.id)
      .execute();
    await rememberLatestLink(trx, pending.id, token);
    return true;
  });
  if (!replaced) return;

  const callbackURL = encodeURIComponent(signUp.callbackURL ?? '/');
  const url = `${auth.baseURL}/verify-email?token=${token}&callbackURL=${callbackURL}`;
  await send(email, url, request);
}
