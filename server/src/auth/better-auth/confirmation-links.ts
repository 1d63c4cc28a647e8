import { createHash, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { APIError, createEmailVerificationToken } from 'better-auth/api';
import type { Database } from '../../db/schema';

/**
 * Only the confirmation link last mailed to an unconfirmed account confirms it. The
 * account system's links are signed tokens that stay valid until they expire, so the
 * hash of the latest one is kept per account and any other token is refused: a repeated
 * sign-up or a resend voids every earlier link, and no link can confirm a password set
 * by another sign-up.
 */

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * A token of its own for each confirmation mail, in the account system's format. Its
 * own tokens carry only the address and the second they were signed, so two mails sent
 * within one second would carry the same link and voiding one would void neither.
 */
export function newConfirmationToken(
  secret: string,
  email: string,
  expiresInSeconds: number,
): Promise<string> {
  return createEmailVerificationToken(secret, email, undefined, expiresInSeconds, {
    jti: randomUUID(),
  });
}

/** `url` (a link to /verify-email) carrying `token` instead of its own. */
export function withToken(url: string, token: string): string {
  const link = new URL(url);
  link.searchParams.set('token', token);
  return link.toString();
}

/** Stores `token` as the account's one working link. */
export async function rememberLatestLink(
  db: Kysely<Database> | Transaction<Database>,
  userId: string,
  token: string,
): Promise<void> {
  const row = { user_id: userId, token_hash: hashOf(token), mailed_at: new Date() };
  await db
    .insertInto('confirmation_links')
    .values(row)
    .onConflict((conflict) =>
      conflict
        .column('user_id')
        .doUpdateSet({ token_hash: row.token_hash, mailed_at: row.mailed_at }),
    )
    .execute();
}

/**
 * Records the link of a confirmation mail the account system sends. A resend's link (or
 * one mailed at a sign-in attempt) becomes the one that works. A new account's first
 * link, mailed by its sign-up, only when none is stored yet: a repeated sign-up for the
 * same address may already have replaced the credentials and mailed its own link.
 */
export async function recordMailedLink(
  db: Kysely<Database>,
  userId: string,
  token: string,
  request: Request | undefined,
): Promise<void> {
  const fromSignUp = request ? new URL(request.url).pathname.endsWith('/sign-up/email') : false;
  if (!fromSignUp) {
    await rememberLatestLink(db, userId, token);
    return;
  }
  await db
    .insertInto('confirmation_links')
    .values({ user_id: userId, token_hash: hashOf(token) })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute();
}

function emailInToken(token: string): string | null {
  try {
    const payload: unknown = JSON.parse(
      Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'),
    );
    if (typeof payload !== 'object' || payload === null) return null;
    const { email, updateTo } = payload as { email?: unknown; updateTo?: unknown };
    // Address changes are not offered; their tokens are left to the account system.
    if (typeof email !== 'string' || updateTo !== undefined) return null;
    return email.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Whether `token` may go on to the account system's own checks: any token but the
 * latest one mailed to a still unconfirmed account may not. Tokens it cannot read,
 * and those of confirmed or unknown accounts, are left to the account system, which
 * refuses or ignores them as before.
 */
export async function mayConfirm(db: Kysely<Database>, token: string): Promise<boolean> {
  const email = emailInToken(token);
  if (email === null) return true;
  const row = await db
    .selectFrom('user')
    .leftJoin('confirmation_links', 'confirmation_links.user_id', 'user.id')
    .select(['user.emailVerified', 'confirmation_links.token_hash'])
    .where('user.email', '=', email)
    .executeTakeFirst();
  if (!row || row.emailVerified) return true;
  return row.token_hash === hashOf(token);
}

/** The account system's own refusal of a token it does not accept. */
function invalidToken(): APIError {
  return new APIError('UNAUTHORIZED', { code: 'INVALID_TOKEN', message: 'Invalid token' });
}

/**
 * Confirms the account if `request` carries its latest link, in one transaction that
 * holds the account's row: a sign-up that replaces the pending credentials holds the
 * same row, so it lands either before (and voids this link) or after (and finds the
 * account confirmed, changing nothing).
 */
export async function confirmWithLatestLink(
  db: Kysely<Database>,
  userId: string,
  request: Request | undefined,
): Promise<void> {
  const token = request ? new URL(request.url).searchParams.get('token') : null;
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('user')
      .select('emailVerified')
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!user || user.emailVerified) return;
    const link = await trx
      .selectFrom('confirmation_links')
      .select('token_hash')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (token === null || link?.token_hash !== hashOf(token)) throw invalidToken();
    await trx
      .updateTable('user')
      .set({ emailVerified: true, updatedAt: new Date() })
      .where('id', '=', userId)
      .execute();
    await trx.deleteFrom('confirmation_links').where('user_id', '=', userId).execute();
  });
}
