import type { Kysely } from 'kysely';
import { reservedAddressDomain } from '@shared/auth';
import { defaultRole, roleSchema, type Role } from '@shared/role';
import type { Database } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { replaceEveryWayIn } from './better-auth';

/** What the account itself says: its address, whether it is confirmed, its second factor. */
export interface AccountState {
  id: string;
  email: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
}

/** One line of the operators' account list. */
export interface ListedAccount {
  email: string;
  emailVerified: boolean;
  role: Role;
}

/**
 * Accounts as the rest of Sewa reads them: the account system's `user` table, with the
 * role from `profiles`. Every query on accounts outside Better Auth's own code is here.
 */
export function usersRepository(db: Kysely<Database>) {
  return {
    /** The state of an account known to exist, such as the caller's; throws when it is gone. */
    async get(userId: string): Promise<AccountState> {
      const row = await db
        .selectFrom('user')
        .select(['id', 'email', 'emailVerified', 'twoFactorEnabled'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      return {
        id: row.id,
        email: row.email,
        emailVerified: row.emailVerified,
        twoFactorEnabled: row.twoFactorEnabled === true,
      };
    },

    /** The id of the account with this address (stored in lower case), or null. */
    /**
     * Whether the account with this e-mail has a live session that was opened from
     * `sessionAddress` (as the account system stores it).
     */
    async hasSessionFrom(email: string, sessionAddress: string): Promise<boolean> {
      const row = await db
        .selectFrom('session')
        .innerJoin('user', 'user.id', 'session.userId')
        .select('session.id')
        .where('user.email', '=', email)
        .where('session.ipAddress', '=', sessionAddress)
        .where('session.expiresAt', '>', new Date())
        .executeTakeFirst();
      return row !== undefined;
    },

    async idByEmail(email: string): Promise<string | null> {
      const row = await db
        .selectFrom('user')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirst();
      return row?.id ?? null;
    },

    /** Every account with its role, by address. */
    async listWithRoles(): Promise<ListedAccount[]> {
      const rows = await db
        .selectFrom('user')
        .leftJoin('profiles', 'profiles.id', 'user.id')
        .select(['user.email', 'user.emailVerified', 'profiles.role'])
        .orderBy('user.email')
        .execute();
      return rows.map((row) => ({
        email: row.email,
        emailVerified: row.emailVerified,
        role: roleSchema.safeParse(row.role).data ?? defaultRole,
      }));
    },

    /**
     * The account of a family member without a login (a care circle's dependent): a patient
     * record under an address that can receive nothing (`.invalid`), unconfirmed, with no
     * credential, so nobody can sign in to it, nor receive a code or link meant for it.
     */
    async addDependentAccount(id: string, name: string): Promise<void> {
      await db
        .insertInto('user')
        .values({
          id,
          name,
          email: dependentAddress(id),
          emailVerified: false,
          twoFactorEnabled: false,
          phoneNumber: null,
          phoneNumberVerified: null,
        })
        .execute();
    },

    /**
     * A dependent's own login: their account takes the address their invitation was mailed to
     * (which proves it, so it is confirmed) and a password, by its hash from the account system,
     * which becomes the one way in: any other credential, second factor, session or pending code
     * on the account goes, whoever left it. Meant for a unit of work. 'gone' when the account is
     * no longer a dependent's without a login.
     */
    async giveDependentLogin(
      id: string,
      email: string,
      passwordHash: string,
    ): Promise<'given' | 'gone' | 'address-taken'> {
      let given: { id: string } | undefined;
      try {
        given = await db
          .updateTable('user')
          .set({
            email: email.trim().toLowerCase(),
            emailVerified: true,
            twoFactorEnabled: false,
            phoneNumber: null,
            phoneNumberVerified: null,
            updatedAt: new Date(),
          })
          .where('id', '=', id)
          .where('email', '=', dependentAddress(id))
          .returning('id')
          .executeTakeFirst();
      } catch (error) {
        // Another account took the address since it was checked (two claims at once).
        if (isUniqueViolation(error)) return 'address-taken';
        throw error;
      }
      if (!given) return 'gone';
      await replaceEveryWayIn(db, { id, formerEmail: dependentAddress(id) }, passwordHash);
      return 'given';
    },
  };
}

/**
 * A dependent's address until they have a login: one that can receive nothing, in the domain
 * no sign-up, sign-in, reset or code accepts (`isReservedAddress`), and that no answer shows.
 */
function dependentAddress(id: string): string {
  return `dependent-${id}@${reservedAddressDomain}`;
}

export type UsersRepository = ReturnType<typeof usersRepository>;
