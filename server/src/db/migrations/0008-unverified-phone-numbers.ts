import { sql, type Kysely } from 'kysely';

/**
 * Only a phone number its owner proved with a texted code belongs to an account. Numbers
 * that sign-up or a profile update once stored unproven are forgotten, so they neither
 * receive codes nor keep someone else's number reserved.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update "user" set "phoneNumber" = null where "phoneNumber" is not null and "phoneNumberVerified" is not true`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  // The forgotten numbers were never proven; there is nothing to bring back.
}
