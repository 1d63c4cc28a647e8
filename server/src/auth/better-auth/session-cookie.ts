import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AccountSystem } from './account-system';

/**
 * The token inside Better Auth's signed session cookie, or undefined when the
 * signature does not hold. The format is Better Auth's own: `token.base64(HMAC-SHA256)`.
 */
export function verifiedCookieToken(value: string, secret: string): string | undefined {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return undefined;
  const token = value.slice(0, dot);
  const encoded = value.slice(dot + 1);
  if (encoded.length !== 44 || !encoded.endsWith('=')) return undefined;
  const signature = Buffer.from(encoded, 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) {
    return undefined;
  }
  return token;
}

/** What reading a session cookie ourselves needs to know of Better Auth's settings. */
export interface SessionCookieSettings {
  /** The cookie's name, with the `__Secure-` prefix under HTTPS. */
  name: string;
  /** The key its signature is made with. */
  secret: string;
  /** How long a session lives, and how old it gets before it is extended, in seconds. */
  expiresInSeconds: number;
  updateAgeSeconds: number;
}

export async function sessionCookieSettings(auth: AccountSystem): Promise<SessionCookieSettings> {
  const context = await auth.$context;
  return {
    name: context.authCookies.sessionToken.name,
    secret: context.secret,
    expiresInSeconds: context.sessionConfig.expiresIn,
    updateAgeSeconds: context.sessionConfig.updateAge,
  };
}
