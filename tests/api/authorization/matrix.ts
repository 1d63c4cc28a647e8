import { sql } from 'kysely';
import type { Role } from '@shared/role';
import type { Caller, World } from './world';
import { clinicKey } from './world';

/**
 * Who may call a route:
 * - `public`: anyone, signed in or not;
 * - `signed-in`: any signed-in account (signed out: 401);
 * - `roles`: these roles only (signed out: 401, other roles: 403);
 * - `owner`: any signed-in account, on its own resource only (another's: 404 or 403).
 */
export type Access =
  { kind: 'public' } | { kind: 'signed-in' } | { kind: 'roles'; roles: Role[] } | { kind: 'owner' };

export const everyone: Access = { kind: 'public' };
export const signedIn: Access = { kind: 'signed-in' };
export const owner: Access = { kind: 'owner' };
export const only = (...roles: Role[]): Access => ({ kind: 'roles', roles });

/** What a matrix cell sends: a concrete path and, for writes, a JSON body. */
export interface Call {
  path: string;
  body?: Record<string, unknown>;
}

export interface CallContext {
  world: World;
  caller: Caller;
  /** For `owner` routes: the id `prepare` made for the resource's owner (the caller or another). */
  resource: string;
}

export interface MatrixEntry {
  /** The route as the server registered it: method, space, URL pattern. */
  route: `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} ${string}`;
  access: Access;
  /** For entries of a mount like `/api/auth/*`: the endpoint under it, named in the test. */
  endpoint?: string;
  /** A well-formed call; the authorization test sends it, the bad-input test bends it. */
  call(context: CallContext): Call;
  /** Answers that show the caller was let through (default: 200). */
  allowed?: number[];
  /** For `owner` routes: creates a resource owned by `user` and returns its id (once per user). */
  prepare?(world: World, user: Caller): Promise<string>;
}

/** The account's verified phone number: a second factor only its owner may remove. */
async function phoneFactor(world: World, user: Caller): Promise<string> {
  const digits = String(Math.abs(hash(user.userId ?? '')))
    .padStart(9, '0')
    .slice(0, 9);
  await sql`update "user" set "phoneNumber" = ${`+9779${digits}`}, "phoneNumberVerified" = true
    where id = ${user.userId}`.execute(world.server.database.db);
  const answer = await user.client().get<{ id: string; factor_type: string }[]>('/api/mfa/factors');
  const phone = answer.body.find((factor) => factor.factor_type === 'phone');
  if (!phone) throw new Error('the phone factor was not listed');
  return phone.id;
}

function hash(text: string): number {
  let value = 0;
  for (const char of text) value = (value * 31 + char.charCodeAt(0)) | 0;
  return value;
}

let signUps = 0;

/**
 * Every API route and who may call it. A route the server registers without an
 * entry here fails the authorization test. The account system's mount
 * (`/api/auth/*`) is one route for many endpoints, so it has several entries.
 */
export const matrix: MatrixEntry[] = [
  { route: 'GET /api/health', access: everyone, call: () => ({ path: '/api/health' }) },
  { route: 'GET /api/me', access: signedIn, call: () => ({ path: '/api/me' }) },
  { route: 'GET /api/mfa/factors', access: signedIn, call: () => ({ path: '/api/mfa/factors' }) },
  {
    route: 'DELETE /api/mfa/factors/:id',
    access: owner,
    prepare: phoneFactor,
    // A wrong password keeps the factor for the next caller; 400 means the owner got through.
    call: ({ resource }) => ({
      path: `/api/mfa/factors/${resource}`,
      body: { password: 'not the password' },
    }),
    allowed: [400],
  },
  {
    route: 'POST /api/clinic/verify',
    access: everyone,
    call: () => ({ path: '/api/clinic/verify', body: { clinicKey } }),
  },
  { route: 'GET /api/dev/mail', access: everyone, call: () => ({ path: '/api/dev/mail' }) },
  { route: 'GET /dev/mail', access: everyone, call: () => ({ path: '/dev/mail' }) },

  // The account system.
  {
    route: 'GET /api/auth/*',
    endpoint: '/api/auth/get-session',
    access: everyone,
    call: () => ({ path: '/api/auth/get-session' }),
  },
  {
    route: 'GET /api/auth/*',
    endpoint: '/api/auth/jwks',
    access: everyone,
    call: () => ({ path: '/api/auth/jwks' }),
  },
  {
    route: 'GET /api/auth/*',
    endpoint: '/api/auth/token',
    access: signedIn,
    call: () => ({ path: '/api/auth/token' }),
  },
  {
    route: 'GET /api/auth/*',
    endpoint: '/api/auth/list-sessions',
    access: signedIn,
    call: () => ({ path: '/api/auth/list-sessions' }),
  },
  {
    route: 'POST /api/auth/*',
    endpoint: '/api/auth/sign-in/email',
    access: everyone,
    call: ({ caller }) => ({
      path: '/api/auth/sign-in/email',
      body: { email: caller.email ?? 'patient@example.com', password: 'demo-pass-2026' },
    }),
  },
  {
    route: 'POST /api/auth/*',
    endpoint: '/api/auth/sign-up/email',
    access: everyone,
    call: ({ world }) => {
      signUps += 1;
      return {
        path: '/api/auth/sign-up/email',
        body: {
          email: `matrix-${signUps}-${Date.now().toString(36)}@example.com`,
          password: 'matrix-pass-2026',
          name: '',
          inviteCode: world.server.config.inviteCode,
        },
      };
    },
  },
  {
    route: 'POST /api/auth/*',
    endpoint: '/api/auth/two-factor/enable',
    access: signedIn,
    call: () => ({ path: '/api/auth/two-factor/enable', body: { password: 'not the password' } }),
    allowed: [400],
  },
  {
    route: 'POST /api/auth/*',
    endpoint: '/api/auth/verify-password',
    access: signedIn,
    call: () => ({ path: '/api/auth/verify-password', body: { password: 'not the password' } }),
    allowed: [400],
  },
];

/** Routes the matrix does not describe: the web app's files and page fallback. */
export function isApiRoute(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/dev/');
}
