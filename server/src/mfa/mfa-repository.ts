import type { Kysely } from 'kysely';
import type { Factor, FactorType } from '@shared/mfa';
import type { Database } from '../db/schema';

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

type MfaTables = { twoFactor: TwoFactorTable; passkey: PasskeyTable };

/**
 * A factor id names its kind and its row: `totp_<twoFactor id>`, `phone_<user id>`,
 * `webauthn_<passkey id>`, so one DELETE route can tell them apart.
 */
function factorId(type: FactorType, rowId: string): string {
  return `${type}_${rowId}`;
}

function parseFactorId(id: string): { type: FactorType; rowId: string } | null {
  const separator = id.indexOf('_');
  if (separator < 0) return null;
  const type = id.slice(0, separator);
  const rowId = id.slice(separator + 1);
  if (rowId === '' || (type !== 'totp' && type !== 'phone' && type !== 'webauthn')) return null;
  return { type, rowId };
}

/** A few authenticators whose AAGUID names them; most others report zeros. */
const authenticatorNames: Record<string, string> = {
  'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4': 'Google Password Manager',
  'fbfc3007-154e-4ecc-8c0b-6e020557d7bd': 'Apple Passwords',
  '08987058-cadc-4b81-b6e1-30de50dcbe96': 'Windows Hello',
  '53414d53-554e-4700-0000-000000000000': 'Samsung Pass',
};

export const totpIssuer = 'Sewa';

/**
 * Second factors, read from and removed in the account system's own tables:
 * `twoFactor` (authenticator app), `user.phoneNumber` and `passkey`.
 */
export function mfaRepository(database: Kysely<Database>) {
  const db = database.withTables<MfaTables>();

  async function hasVerifiedTotp(userId: string, trx = db): Promise<boolean> {
    const row = await trx
      .selectFrom('twoFactor')
      .select('id')
      .where('userId', '=', userId)
      .where('verified', '=', true)
      .executeTakeFirst();
    return row !== undefined;
  }

  async function listVerified(userId: string): Promise<Factor[]> {
    const [totps, user, passkeys] = await Promise.all([
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
    const factors: Factor[] = totps.map((row) => ({
      id: factorId('totp', row.id),
      factor_type: 'totp',
      friendly_name: totpIssuer,
      status: 'verified',
      created_at: null,
    }));
    if (user?.phoneNumber && user.phoneNumberVerified === true) {
      factors.push({
        id: factorId('phone', userId),
        factor_type: 'phone',
        friendly_name: user.phoneNumber,
        status: 'verified',
        created_at: null,
      });
    }
    for (const passkey of passkeys) {
      factors.push({
        id: factorId('webauthn', passkey.id),
        factor_type: 'webauthn',
        friendly_name:
          passkey.name?.trim() || authenticatorNames[passkey.aaguid ?? ''] || 'Passkey',
        status: 'verified',
        created_at: passkey.createdAt ? new Date(passkey.createdAt).toISOString() : null,
      });
    }
    return factors;
  }

  return {
    listVerified,

    /** The caller's own verified factor with this id, or null (also for someone else's). */
    async findOwn(userId: string, id: string): Promise<Factor | null> {
      const parsed = parseFactorId(id);
      if (!parsed) return null;
      const factors = await listVerified(userId);
      return factors.find((factor) => factor.id === id) ?? null;
    },

    /**
     * Removes one of the caller's factors. Sign-in keeps asking for a second factor
     * exactly while an authenticator app or a verified phone remains.
     */
    async remove(userId: string, factor: Factor): Promise<void> {
      const parsed = parseFactorId(factor.id);
      if (!parsed) return;
      await db.transaction().execute(async (trx) => {
        switch (parsed.type) {
          case 'webauthn':
            await trx
              .deleteFrom('passkey')
              .where('id', '=', parsed.rowId)
              .where('userId', '=', userId)
              .execute();
            return;
          case 'totp': {
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
            return;
          }
          case 'phone': {
            const totpRemains = await hasVerifiedTotp(userId, trx);
            await trx
              .updateTable('user')
              .set({
                phoneNumber: null,
                phoneNumberVerified: false,
                twoFactorEnabled: totpRemains,
                updatedAt: new Date(),
              })
              .where('id', '=', userId)
              .execute();
            return;
          }
        }
      });
    },
  };
}

export type MfaRepository = ReturnType<typeof mfaRepository>;
