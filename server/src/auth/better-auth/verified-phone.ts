import { sql, type RawBuilder } from 'kysely';

/**
 * The account's phone number once its owner proved it with a texted code, else null: the
 * columns Better Auth's phone-number plugin keeps in `user`, as SQL over the query's alias
 * for that table. The number an account shows to the staff of its clinic is this one.
 */
export function verifiedPhoneSql(userAlias: string): RawBuilder<string | null> {
  const verified = sql.ref(`${userAlias}.phoneNumberVerified`);
  const phone = sql.ref(`${userAlias}.phoneNumber`);
  return sql<string | null>`(case when ${verified} then ${phone} end)`;
}
