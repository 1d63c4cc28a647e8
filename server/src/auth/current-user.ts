import { parseCookie } from 'cookie';
import type { FastifyRequest } from 'fastify';
import { createLocalJWKSet, errors as joseErrors, jwtVerify } from 'jose';
import type { Kysely } from 'kysely';
import type { Role } from '@shared/role';
import type { Database } from '../db/schema';
import { AppError } from '../http/app-error';
import { sessionCookieSettings, verifiedCookieToken } from './better-auth';
import { callerQueries, type Caller } from './callers';
import type { Auth } from './auth';
import type { SessionActivity } from './session-activity';

type CookieSettings = Awaited<ReturnType<typeof sessionCookieSettings>>;

/** The session a well-signed session cookie names, with its account and role, if it exists. */
async function sessionOfCookie(
  callers: ReturnType<typeof callerQueries>,
  cookieHeader: string,
  settings: CookieSettings,
) {
  const cookie = parseCookie(cookieHeader)[settings.name];
  if (!cookie) return null;
  const token = verifiedCookieToken(cookie, settings.secret);
  return token ? callers.bySessionToken(token) : null;
}

/** How long the signing keys are trusted before they are read again. */
const keySetLifetimeMs = 5 * 60 * 1000;

/**
 * Who is calling: the session cookie of the web app, or a JWT from
 * /api/auth/token sent as `Authorization: Bearer` by other clients.
 *
 * Every API call asks this, so the common case costs one statement: the cookie's
 * signature is checked here and the session, its user and their role are read
 * together. Better Auth stays the authority on a session's life: a session that is
 * expired or due for its periodic extension goes through `auth.api.getSession`,
 * which removes or extends it.
 */
export function callerResolver(
  auth: Auth,
  db: Kysely<Database>,
  publicUrl: string,
  activity?: SessionActivity,
) {
  const origin = new URL(publicUrl).origin;
  let keySet: { verify: ReturnType<typeof createLocalJWKSet>; readAt: number } | undefined;

  async function keys(refresh: boolean) {
    if (!keySet || refresh || Date.now() - keySet.readAt > keySetLifetimeMs) {
      const jwks = await auth.api.getJwks();
      keySet = { verify: createLocalJWKSet(jwks), readAt: Date.now() };
    }
    return keySet.verify;
  }

  const callers = callerQueries(db);

  async function fromBearer(token: string): Promise<Caller> {
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
      const { sub, sid } = result.payload;
      if (typeof sub !== 'string' || typeof sid !== 'string') {
        throw new AppError('unauthorized', 'Invalid JWT');
      }
      // A well-signed token outlives nothing: once its session is signed out, revoked,
      // ended by a password reset or expired, or its account removed, it is refused.
      const row = await callers.byTokenSession(sub, sid);
      if (!row || row.expiresAt.getTime() <= Date.now()) {
        throw new AppError('unauthorized', 'The session of this JWT has ended');
      }
      activity?.seen(sid);
      return { id: row.id, email: row.email, role: row.role, sessionId: sid };
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

  /** Better Auth's own check, which also ends an expired session or extends a due one. */
  async function throughBetterAuth(cookieHeader: string): Promise<Caller | null> {
    const session = await auth.api.getSession({ headers: new Headers({ cookie: cookieHeader }) });
    if (!session) return null;
    activity?.seen(session.session.id);
    const caller = await callers.byId(session.user.id);
    return caller && { ...caller, sessionId: session.session.id };
  }

  async function fromCookie(cookieHeader: string): Promise<Caller | null> {
    const settings = await sessionCookieSettings(auth);
    const row = await sessionOfCookie(callers, cookieHeader, settings);
    if (!row) return null;
    const { expiresInSeconds, updateAgeSeconds } = settings;
    const dueForExtension =
      row.expiresAt.getTime() - (expiresInSeconds - updateAgeSeconds) * 1000 <= Date.now();
    if (row.expiresAt.getTime() <= Date.now() || dueForExtension) {
      return throughBetterAuth(cookieHeader);
    }
    activity?.seen(row.sessionId);
    return { id: row.id, email: row.email, role: row.role, sessionId: row.sessionId };
  }

  return async function resolveCaller(request: FastifyRequest): Promise<Caller | null> {
    const authorization = request.headers.authorization;
    if (authorization?.toLowerCase().startsWith('bearer ')) {
      return fromBearer(authorization.slice('bearer '.length).trim());
    }
    const cookieHeader = request.headers.cookie;
    return cookieHeader ? fromCookie(cookieHeader) : null;
  };
}

export type CallerResolver = ReturnType<typeof callerResolver>;

/**
 * The id and role of whoever a page request's session cookie names, read only: unlike the API's
 * resolver it never extends a session (the page answer could not carry the new cookie, and a
 * session extended here would leave the browser's cookie to run out first). Undefined when
 * there is no live session; anything it cannot read is the same as no session.
 */
export function sessionReader(auth: Auth, db: Kysely<Database>) {
  const callers = callerQueries(db);
  return async function reader(request: FastifyRequest): Promise<PageReader | undefined> {
    const cookieHeader = request.headers.cookie;
    if (!cookieHeader) return undefined;
    const row = await sessionOfCookie(callers, cookieHeader, await sessionCookieSettings(auth));
    return row && row.expiresAt.getTime() > Date.now() ? { id: row.id, role: row.role } : undefined;
  };
}

/** Who reads a page, as far as its preloads need to know. */
export interface PageReader {
  id: string;
  role: Role;
}

export type SessionReader = ReturnType<typeof sessionReader>;
