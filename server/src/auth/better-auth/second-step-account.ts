import { getSessionFromCtx, type createAuthMiddleware } from 'better-auth/api';

type Context = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The two-factor plugin's cookie between the password and the second step. */
const twoFactorCookieName = 'two_factor';

/**
 * Whose second-factor code a call asks for: the signed-in account, or during a sign-in the one
 * the two-factor plugin's signed cookie names (a verification row whose value is the account id,
 * while the step is open); null for neither, which the plugin itself refuses.
 */
export async function secondStepAccount(ctx: Context): Promise<string | null> {
  const session = await getSessionFromCtx(ctx);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie(twoFactorCookieName);
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return pending?.value ?? null;
}
