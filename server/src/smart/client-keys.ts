import { importJWK, type JWK } from 'jose';
import type { PublicJwk } from '@shared/smart-clients';

/** Members that only a private or symmetric key has: a set carrying any is refused whole. */
const privateMembers = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'] as const;

/** The algorithm a key of each type signs with here, and the members that make its public key. */
const keyTypes = {
  RSA: { alg: 'RS384', members: ['n', 'e'] },
  EC: { alg: 'ES384', members: ['crv', 'x', 'y'] },
} as const;

/**
 * The RSA moduli taken, in bits: at least RFC 7518 §3.3's 2048 for RS384, and at most 8192,
 * past which a key only makes each verification slower.
 */
const rsaBits = { least: 2048, most: 8192 };

export type KeyProblem = 'private' | 'unusable';

/** The bits of a base64url big-endian integer, leading zeros aside. */
function bitsOf(base64url: string): number {
  const bytes = Buffer.from(base64url, 'base64url');
  const start = bytes.findIndex((byte) => byte !== 0);
  if (start === -1) return 0;
  return (bytes.length - start) * 8 - (Math.clz32(bytes[start] ?? 0) - 24);
}

/**
 * A sent key as it is kept: its public members only, when it is an RS384 or ES384 public key
 * this server can verify with; else what is wrong with it. An `alg` or `use` the key names must
 * agree (RS384 or ES384, `sig`); anything else it carries (`x5c`, `key_ops`) is not kept.
 */
export async function publicKeyOf(
  sent: Record<string, unknown>,
): Promise<PublicJwk | { problem: KeyProblem }> {
  if (privateMembers.some((member) => member in sent)) return { problem: 'private' };
  const unusable = { problem: 'unusable' } as const;
  const type = sent.kty === 'RSA' || sent.kty === 'EC' ? keyTypes[sent.kty] : null;
  if (type === null || typeof sent.kid !== 'string') return unusable;
  if (sent.alg !== undefined && sent.alg !== type.alg) return unusable;
  if (sent.use !== undefined && sent.use !== 'sig') return unusable;
  const key: PublicJwk = { kty: sent.kty as string, kid: sent.kid };
  for (const member of type.members) {
    const value = sent[member];
    if (typeof value !== 'string' || value === '') return unusable;
    key[member] = value;
  }
  const bits = type.alg === 'RS384' ? bitsOf(key.n ?? '') : 0;
  if (type.alg === 'RS384' && (bits < rsaBits.least || bits > rsaBits.most)) return unusable;
  if (type.alg === 'ES384' && key.crv !== 'P-384') return unusable;
  try {
    await importJWK(key as JWK, type.alg);
  } catch {
    return unusable;
  }
  return { ...key, alg: type.alg, use: 'sig' };
}

/** The algorithm a key of this type verifies, or null for a type Sewa does not take. */
export function algorithmOf(key: PublicJwk): string | null {
  return key.kty === 'RSA' || key.kty === 'EC' ? keyTypes[key.kty].alg : null;
}
