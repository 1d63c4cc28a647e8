import type { twoFactor } from 'better-auth/plugins';

export const oneTimeCodeSignInPath = '/sign-in/email-otp';

/**
 * Better Auth asks for the second factor after the password sign-ins only; a
 * one-time code by mail is no second factor, so it is asked after that one too.
 * The two-factor plugin's after-hooks are rewritten: each keeps its handler and
 * also matches the one-time-code sign-in.
 */
export function secondFactorAlsoAfterOneTimeCode<P extends ReturnType<typeof twoFactor>>(
  plugin: P,
): P {
  return {
    ...plugin,
    hooks: {
      ...plugin.hooks,
      after: plugin.hooks.after.map((hook) => ({
        ...hook,
        matcher: (context: Parameters<typeof hook.matcher>[0]) =>
          hook.matcher(context) || context.path === oneTimeCodeSignInPath,
      })),
    },
  };
}
