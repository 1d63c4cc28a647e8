import { AsyncLocalStorage } from 'node:async_hooks';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import type { Kysely } from 'kysely';
import type { AuditAgent, AuditRecord } from '../../audit/audit-repository';
import { agentOf } from '../../audit/audit-trail';
import type { Database } from '../../db/schema';
import { actingAsThemselves } from '../actor';
import { callerQueries } from '../callers';
import { oneTimeCodeSignInPath } from './second-factor-hook';

/** The two-factor plugin's cookie between the password and the second step. */
const twoFactorCookieName = 'two_factor';

/** The account system's calls that open a session, and how. */
const signInMethods: Record<string, string> = {
  '/sign-in/email': 'password',
  [oneTimeCodeSignInPath]: 'mailed code',
  '/passkey/verify-authentication': 'passkey',
  '/two-factor/verify-totp': 'authenticator app',
  '/two-factor/verify-otp': 'text message code',
  '/two-factor/verify-backup-code': 'backup code',
};

/** The calls that add or remove a second factor when they succeed, and which factor. */
const factorChanges: Record<string, { type: AuditRecord['type']; factor: string }> = {
  '/passkey/verify-registration': { type: 'second-factor-added', factor: 'webauthn' },
  '/passkey/delete-passkey': { type: 'second-factor-removed', factor: 'webauthn' },
  '/phone-number/verify': { type: 'second-factor-added', factor: 'phone' },
  '/two-factor/disable': { type: 'second-factor-removed', factor: 'two-factor' },
};

/** Changes a signed-in person makes to their own account, when they succeed. */
const accountChanges: Record<
  string,
  { type: AuditRecord['type']; detail?: Record<string, unknown> }
> = {
  '/change-password': { type: 'password-changed' },
  '/update-user': { type: 'profile-changed', detail: { fields: ['name'] } },
  '/revoke-session': { type: 'logout', detail: { sessions: 'one' } },
  '/revoke-other-sessions': { type: 'logout', detail: { sessions: 'others' } },
  '/revoke-sessions': { type: 'logout', detail: { sessions: 'all' } },
};

/**
 * The account system's calls the audit trail records. Each runs through `recording` inside
 * the trail's `change`, so its entries commit with the change they record.
 */
export function isAuditedAccountCall(path: string): boolean {
  return (
    path in signInMethods ||
    path in factorChanges ||
    path in accountChanges ||
    path === '/sign-out' ||
    path === '/reset-password' ||
    path === '/two-factor/enable'
  );
}

type Context = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

function addressOf(ctx: { request?: Request | undefined }): string | null {
  // The route puts the address it believes here (see routes/auth.ts), whatever was sent.
  return ctx.request?.headers.get('x-forwarded-for') ?? null;
}

function emailIn(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('email' in body)) return null;
  return typeof body.email === 'string' ? body.email.trim().toLowerCase() : null;
}

/**
 * Says which entries sign-ins (and refused ones), sign-outs, password resets and
 * second-factor changes made through the account system call for. It runs after every other
 * plugin's hooks, so it sees the answer the caller gets: a password accepted while a second
 * factor is still owed is no sign-in yet. It writes nothing itself: the entries of one call
 * are collected while `recording` runs it, and the audit trail writes them with its change.
 */
export function accountAudit(db: Kysely<Database>) {
  const callers = callerQueries(db);
  /** Who is signing out, read before their session is gone. */
  const signingOut = new WeakMap<Request, string>();
  /** The entries of the account-system call running in this async context. */
  const collected = new AsyncLocalStorage<AuditRecord[]>();

  function record(entry: AuditRecord): void {
    const entries = collected.getStore();
    // An audited call outside `recording` would change an account unrecorded.
    if (!entries) throw new Error('An audited account-system call ran outside `recording`.');
    entries.push(entry);
  }

  async function agent(
    userId: string | null,
    ctx: { request?: Request | undefined },
  ): Promise<AuditAgent> {
    const caller = userId === null ? null : await callers.byId(userId);
    const address = addressOf(ctx);
    if (caller === null || address === null) {
      return { id: caller?.id ?? null, role: caller?.role ?? null, address };
    }
    return agentOf(actingAsThemselves(caller, address));
  }

  async function recordSignIn(ctx: Context, method: string): Promise<void> {
    const returned = ctx.context.returned;
    if (returned instanceof APIError) {
      const accountId = (await namedAccount(ctx)) ?? (await secondStepAccount(ctx));
      record({
        type: 'login',
        outcome: 'failure',
        agent: await agent(accountId, ctx),
        entity: { type: 'account', id: accountId, subjectId: accountId },
        detail: { method, reason: String(returned.body?.code ?? returned.status).toLowerCase() },
      });
      return;
    }
    if (typeof returned === 'object' && returned !== null && 'twoFactorRedirect' in returned)
      return;
    const userId = ctx.context.newSession?.user.id ?? null;
    if (userId === null) return;
    record({
      type: 'login',
      agent: await agent(userId, ctx),
      entity: { type: 'account', id: userId, subjectId: userId },
      detail: { method },
    });
  }

  /** The account whose address the call names, if there is one. */
  async function namedAccount(ctx: Context): Promise<string | null> {
    const email = emailIn(ctx.body);
    if (email === null) return null;
    return (await ctx.context.internalAdapter.findUserByEmail(email))?.user.id ?? null;
  }

  /**
   * Whose second step this is: the two-factor plugin's signed cookie names a verification
   * row whose value is the account id, while the step is still open.
   */
  async function secondStepAccount(ctx: Context): Promise<string | null> {
    if (!ctx.path.startsWith('/two-factor/verify-')) return null;
    const cookie = ctx.context.createAuthCookie(twoFactorCookieName);
    const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
    if (!identifier) return null;
    const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
    return pending?.value ?? null;
  }

  async function recordFactorChange(
    ctx: Context,
    change: { type: AuditRecord['type']; factor: string },
  ): Promise<void> {
    const userId = ctx.context.session?.user.id ?? null;
    record({
      type: change.type,
      agent: await agent(userId, ctx),
      entity: { type: 'second-factor', id: null, subjectId: userId },
      detail: { factor: change.factor },
    });
  }

  const plugin = {
    id: 'sewa-account-audit',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/sign-out',
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx);
            if (session && ctx.request) signingOut.set(ctx.request, session.user.id);
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => isAuditedAccountCall(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const refused = ctx.context.returned instanceof APIError;
            // A code checked for someone already signed in is an enrolment, not a sign-in.
            if (ctx.path.startsWith('/two-factor/verify-') && ctx.context.session) {
              if (ctx.path === '/two-factor/verify-totp' && !refused) {
                await recordFactorChange(ctx, { type: 'second-factor-added', factor: 'totp' });
              }
              return;
            }
            const method = signInMethods[ctx.path];
            if (method !== undefined) return recordSignIn(ctx, method);
            if (refused) return;
            const change = factorChanges[ctx.path];
            if (change) return recordFactorChange(ctx, change);
            const own = accountChanges[ctx.path];
            const ownerId = ctx.context.session?.user.id ?? null;
            if (own && ownerId !== null) {
              record({
                type: own.type,
                agent: await agent(ownerId, ctx),
                entity: { type: 'account', id: ownerId, subjectId: ownerId },
                ...(own.detail ? { detail: own.detail } : {}),
              });
              return;
            }
            if (ctx.path === '/two-factor/enable') {
              const returned = ctx.context.returned as { method?: unknown } | undefined;
              // An authenticator app counts once its first code is checked (verify-totp).
              if (returned?.method === 'otp') {
                return recordFactorChange(ctx, { type: 'second-factor-added', factor: 'otp' });
              }
              return;
            }
            if (ctx.path === '/sign-out') {
              const userId = ctx.request ? (signingOut.get(ctx.request) ?? null) : null;
              if (userId === null) return;
              record({
                type: 'logout',
                agent: await agent(userId, ctx),
                entity: { type: 'account', id: userId, subjectId: userId },
              });
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;

  return {
    plugin,
    /**
     * Runs one audited account-system call (see isAuditedAccountCall) and gives back its
     * answer with the entries it calls for, for the trail to write in the same transaction.
     */
    async recording<T>(work: () => Promise<T>): Promise<{ result: T; entries: AuditRecord[] }> {
      const entries: AuditRecord[] = [];
      const result = await collected.run(entries, work);
      return { result, entries };
    },
    /** A password set through a mailed reset link; Better Auth calls it once the password is set. */
    async passwordReset(userId: string, request: Request | undefined): Promise<void> {
      record({
        type: 'password-reset',
        agent: await agent(userId, { request }),
        entity: { type: 'account', id: userId, subjectId: userId },
      });
    },
  };
}

export type AccountAudit = ReturnType<typeof accountAudit>;
