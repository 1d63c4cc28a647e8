import type { Kysely } from 'kysely';
import type { Factor, FactorType } from '@shared/mfa';
import { secondFactorTables } from '../auth/better-auth';
import type { Database } from '../db/schema';

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
 * The caller's second factors as the API shows them, kept in the account system's own
 * tables: authenticator app, verified phone and passkeys.
 */
export function mfaRepository(db: Kysely<Database>) {
  const tables = secondFactorTables(db);

  async function listVerified(userId: string): Promise<Factor[]> {
    const stored = await tables.verifiedOf(userId);
    const factors: Factor[] = stored.authenticatorAppIds.map((id) => ({
      id: factorId('totp', id),
      factor_type: 'totp',
      friendly_name: totpIssuer,
      status: 'verified',
      created_at: null,
    }));
    if (stored.verifiedPhone !== null) {
      factors.push({
        id: factorId('phone', userId),
        factor_type: 'phone',
        friendly_name: stored.verifiedPhone,
        status: 'verified',
        created_at: null,
      });
    }
    for (const passkey of stored.passkeys) {
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
      switch (parsed.type) {
        case 'webauthn':
          return tables.removePasskey(userId, parsed.rowId);
        case 'totp':
          return tables.removeAuthenticatorApp(userId);
        case 'phone':
          return tables.removePhone(userId);
      }
    },
  };
}

export type MfaRepository = ReturnType<typeof mfaRepository>;
