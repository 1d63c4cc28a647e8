import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The kinds of mailed code the account system keeps per address, as `<kind>-otp-<email>`. */
const mailedCodeKinds = ['sign-in', 'email-verification', 'forget-password', 'change-email'];

/** The second-factor tables, which our schema does not list (see 0002-accounts). */
type SecondFactorTables = {
  twoFactor: { userId: string };
  passkey: { userId: string };
};

/**
 * Makes one password (by its hash) the only way into the account: every other credential,
 * second factor and passkey, every session, and every code, link or challenge still pending
 * for it go, with the codes mailed to `formerEmail`, the address it had. Run in the unit of
 * work that gives the account its owner, so none of it outlives the change, nor goes without
 * it. A phone's codes are kept by number and only work for a session of the account, which
 * is gone; the claim announces the ended sessions, so their open streams close at once.
 */
export async function replaceEveryWayIn(
  database: Kysely<Database>,
  account: { id: string; formerEmail: string },
  passwordHash: string,
): Promise<void> {
  const db = database.withTables<SecondFactorTables>();
  const { id } = account;
  await db.deleteFrom('account').where('userId', '=', id).execute();
  await db.deleteFrom('twoFactor').where('userId', '=', id).execute();
  await db.deleteFrom('passkey').where('userId', '=', id).execute();
  await db.deleteFrom('session').where('userId', '=', id).execute();
  await db.deleteFrom('confirmation_links').where('user_id', '=', id).execute();
  // Reset links and second steps hold the account's id, a passkey challenge names it in JSON;
  // a second step's code and attempts are named after the step, or after the account and
  // session when a signed-in person sets up a second factor.
  const codes = mailedCodeKinds.map((kind) => `${kind}-otp-${account.formerEmail.toLowerCase()}`);
  await sql`
    with steps as (select "identifier" from "verification" where "value" = ${id})
    delete from "verification"
    where "value" = ${id}
      or strpos("value", ${`"${id}"`}) > 0
      or "identifier" in (${sql.join(codes)})
      or "identifier" like ${`2fa-otp-${id}!%`}
      or "identifier" in (select '2fa-otp-' || "identifier" from steps)
      or "identifier" in (select '2fa-attempts-' || "identifier" from steps)`.execute(db);
  const now = new Date();
  await db
    .insertInto('account')
    .values({
      id: randomUUID(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: passwordHash,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
}
