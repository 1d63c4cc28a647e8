import { createHash, randomBytes } from 'node:crypto';

/**
 * A system's access token: opaque, random, and stored only as its SHA-256, so the table leaks
 * no usable token. Its prefix tells it from the app's own JWTs (which start `eyJ`) before
 * anything is looked up: a system token is never read as a session, and a session's JWT never
 * as a system token.
 */
const prefix = 'sys_';

/** 32 random bytes in base64url after the prefix: nothing else is a system token. */
const shape = /^sys_[A-Za-z0-9_-]{43}$/;

export function newSystemToken(): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

/** What the database keeps of a token. Looked up by this hash, never compared by the token. */
export function systemTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The token an `Authorization: Bearer` header carries when it is meant as a system token (it
 * has the prefix), whatever its shape after it; null for anything else.
 */
export function systemTokenIn(authorization: string | undefined): string | null {
  if (!authorization?.toLowerCase().startsWith('bearer ')) return null;
  const token = authorization.slice('bearer '.length).trim();
  return token.startsWith(prefix) ? token : null;
}

/** Whether a token has the shape of one this server gives. */
export function isSystemTokenShape(token: string): boolean {
  return shape.test(token);
}
