import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The columns we read of the account system's second-factor tables (see 0002-accounts). */
interface TwoFactorTable {
  id: string;
  userId: string;
  verified: boolean | null;
}

interface PasskeyTable {
  id: string;
  userId: string;
  name: string | null;
  aaguid: string | null;
  createdAt: Date | null;
}

type SecondFactorTables = { twoFactor: TwoFactorTable; passkey: PasskeyTable };

export interface StoredPasskey {
  id: string;
  name: string | null;
  aaguid: string | null;
  createdAt: Date | null;
}

/** An account's verified second factors, as Better Auth stores them. */
export interface StoredFactors {
  /** Rows of `twoFactor` (the authenticator app) that were verified. */
  authenticatorAppIds: string[];
  /** The phone number proved with a texted code, or null. */
  verifiedPhone: string | null;
  passkeys: StoredPasskey[];
}

/**
 * Second factors read from and removed in Better Auth's own tables: `twoFactor`,
 * `user.phoneNumber` with `user.twoFactorEnabled`, and `passkey`. Sign-in keeps asking
 * for a second factor exactly while an authenticator app or a verified phone remains.
 */
export function secondFactorTables(database: Kysely<Database>) {
  const db = database.withTables<SecondFactorTables>();

  async function hasVerifiedAuthenticatorApp(userId: string, trx = db): Promise<boolean> {
    const row = await trx
      .selectFrom('twoFactor')
      .select('id')
      .where('userId', '=', userId)
      .where('verified', '=', true)
      .executeTakeFirst();
    return row !== undefined;
  }

  return {
    async verifiedOf(userId: string): Promise<StoredFactors> {
      const [apps, user, passkeys] = await Promise.all([
        db
          .selectFrom('twoFactor')
          .select('id')
          .where('userId', '=', userId)
          .where('verified', '=', true)
          .execute(),
        db
          .selectFrom('user')
          .select(['phoneNumber', 'phoneNumberVerified'])
          .where('id', '=', userId)
          .executeTakeFirst(),
        db
          .selectFrom('passkey')
          .select(['id', 'name', 'aaguid', 'createdAt'])
          .where('userId', '=', userId)
          .orderBy('createdAt', 'asc')
          .orderBy('id')
          .execute(),
      ]);
      return {
        authenticatorAppIds: apps.map((row) => row.id),
        verifiedPhone:
          user?.phoneNumber && user.phoneNumberVerified === true ? user.phoneNumber : null,
        passkeys,
      };
    },

    /** The phone number the account's owner proved with a texted code, or null. */
    async verifiedPhoneOf(userId: string): Promise<string | null> {
      const user = await db
        .selectFrom('user')
        .select(['phoneNumber', 'phoneNumberVerified'])
        .where('id', '=', userId)
        .executeTakeFirst();
      return user?.phoneNumber && user.phoneNumberVerified === true ? user.phoneNumber : null;
    },

    async removePasskey(userId: string, passkeyId: string): Promise<void> {
      await db
        .deleteFrom('passkey')
        .where('id', '=', passkeyId)
        .where('userId', '=', userId)
        .execute();
    },

    async removeAuthenticatorApp(userId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('twoFactor').where('userId', '=', userId).execute();
        const user = await trx
          .selectFrom('user')
          .select(['phoneNumber', 'phoneNumberVerified'])
          .where('id', '=', userId)
          .executeTakeFirst();
        const phoneRemains = Boolean(user?.phoneNumber) && user?.phoneNumberVerified === true;
        await trx
          .updateTable('user')
          .set({ twoFactorEnabled: phoneRemains, updatedAt: new Date() })
          .where('id', '=', userId)
          .execute();
      });
    },

    /**
     * Every second factor of the account (an administrator's reset): its authenticator app,
     * its phone number and its passkeys. Sign-in then asks for the password alone.
     */
    async removeAll(userId: string): Promise<void> {
      await db.deleteFrom('twoFactor').where('userId', '=', userId).execute();
      await db.deleteFrom('passkey').where('userId', '=', userId).execute();
      await db
        .updateTable('user')
        .set({
          phoneNumber: null,
          phoneNumberVerified: false,
          twoFactorEnabled: false,
          updatedAt: new Date(),
        })
        .where('id', '=', userId)
        .execute();
    },

    async removePhone(userId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const appRemains = await hasVerifiedAuthenticatorApp(userId, trx);
        await trx
          .updateTable('user')
          .set({
            phoneNumber: null,
            phoneNumberVerified: false,
            twoFactorEnabled: appRemains,
            updatedAt: new Date(),
          })
          .where('id', '=', userId)
          .execute();
      });
    },
  };
}
