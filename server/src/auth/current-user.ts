import type { FastifyRequest } from 'fastify';
import { createLocalJWKSet, errors as joseErrors, jwtVerify } from 'jose';
import { AppError } from '../http/app-error';
import type { Auth } from './auth';

export interface CurrentUser {
  id: string;
  email: string;
}

/** How long the signing keys are trusted before they are read again. */
const keySetLifetimeMs = 5 * 60 * 1000;

/**
 * Who is calling: the session cookie of the web app, or a JWT from
 * /api/auth/token sent as `Authorization: Bearer` by other clients.
 */
export function currentUserResolver(auth: Auth, publicUrl: string) {
  const origin = new URL(publicUrl).origin;
  let keySet: { verify: ReturnType<typeof createLocalJWKSet>; readAt: number } | undefined;

  async function keys(refresh: boolean) {
    if (!keySet || refresh || Date.now() - keySet.readAt > keySetLifetimeMs) {
      const jwks = await auth.api.getJwks();
      keySet = { verify: createLocalJWKSet(jwks), readAt: Date.now() };
    }
    return keySet.verify;
  }

  async function fromBearer(token: string): Promise<CurrentUser> {
    const verify = async (refresh: boolean) =>
      jwtVerify(token, await keys(refresh), { issuer: origin, audience: origin });
    try {
      let result;
      try {
        result = await verify(false);
      } catch (error) {
        // A key rotated since we last read the set: read it once more.
        if (!(error instanceof joseErrors.JWKSNoMatchingKey)) throw error;
        result = await verify(true);
      }
      const { sub } = result.payload;
      if (typeof sub !== 'string') throw new AppError('unauthorized', 'Invalid JWT');
      // A well-signed token outlives nothing: an account removed since it was issued is gone.
      const context = await auth.$context;
      const user = await context.internalAdapter.findUserById(sub);
      if (!user) throw new AppError('unauthorized', 'The account of this JWT no longer exists');
      return { id: user.id, email: user.email };
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof joseErrors.JWSSignatureVerificationFailed) {
        throw new AppError('unauthorized', 'Invalid JWT signature');
      }
      if (error instanceof joseErrors.JWTExpired) {
        throw new AppError('unauthorized', 'JWT expired');
      }
      if (error instanceof joseErrors.JWKSNoMatchingKey) {
        throw new AppError('unauthorized', 'Invalid JWT signature');
      }
      throw new AppError('unauthorized', 'Invalid JWT');
    }
  }

  return async function currentUser(request: FastifyRequest): Promise<CurrentUser | null> {
    const authorization = request.headers.authorization;
    if (authorization?.toLowerCase().startsWith('bearer ')) {
      return fromBearer(authorization.slice('bearer '.length).trim());
    }
    const headers = new Headers();
    if (request.headers.cookie) headers.set('cookie', request.headers.cookie);
    const session = await auth.api.getSession({ headers });
    return session ? { id: session.user.id, email: session.user.email } : null;
  };
}

export type CurrentUserResolver = ReturnType<typeof currentUserResolver>;
