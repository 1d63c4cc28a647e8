import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { isBareSignUp } from './repeated-sign-up';
import { resetLinkPrefix } from './reset-links';

/** How long an account may wait for its owner to open the confirmation link. */
export const unconfirmedAccountDays = 7;

/** The mailed codes Better Auth keeps for an address, named `<type>-otp-<email>`. */
const codeKinds = ['sign-in', 'email-verification', 'forget-password'];

/**
 * A sign-up never confirmed holds its address (and the password set by whoever signed up)
 * for good. Past `unconfirmedAccountDays`, with no confirmation link mailed within them, the
 * account goes with its pending link, reset links and mailed codes. An account that was
 * confirmed, or is more than a bare sign-up (`isBareSignUp`), is someone's and never touched.
 */
export function unconfirmedAccounts(db: Kysely<Database>) {
  return {
    async prune(days = unconfirmedAccountDays): Promise<void> {
      const age = sql`make_interval(days => ${days})`;
      const codes = codeKinds.map((kind) => sql`${`${kind}-otp-`} || a."email"`);
      await sql`
        with abandoned as (
          select u."id", u."email" from "user" u
          where u."emailVerified" = false
            and u."createdAt" < now() - ${age}
            and ${isBareSignUp('u.id')}
            and not exists (
              select 1 from "confirmation_links" l
              where l."user_id" = u."id" and l."mailed_at" >= now() - ${age})
          for update of u skip locked
        ), pending as (
          delete from "verification" v using abandoned a
          where (v."identifier" like ${`${resetLinkPrefix}%`} and v."value" = a."id")
             or v."identifier" in (${sql.join(codes)})
        )
        delete from "user" u using abandoned a where u."id" = a."id"`.execute(db);
    },
  };
}
