import { passkey } from '@better-auth/passkey';
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { emailOTP, jwt, phoneNumber, twoFactor } from 'better-auth/plugins';
import type { Kysely } from 'kysely';
import { isReservedAddress } from '@shared/auth';
import { defaultRole } from '@shared/role';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { Mail, Mailer } from '../mail/mailer';
import { SmsRefused } from '../sms/sms-gateways';
import type { SmsSender } from '../sms/sms-sender';
import {
  mailLanguage,
  oneTimeCodeMail,
  resetPasswordMail,
  verificationMail,
  type MailLanguage,
} from '../mail/templates';
import { phoneCodeText } from '../sms/phone-code-text';
import {
  confirmationMail,
  notAnAddress,
  type AccountAudit,
  secondFactorAlsoAfterOneTimeCode,
  voidPendingResetLinks,
} from './better-auth';
import { allowedOrigins } from '../http/allowed-origins';
import { callerQueries } from './callers';
import { isValidInviteCode } from './invite-code';
import { phoneNotEnrolled, refuseTextCodesWithoutPhone, verifiedPhoneOf } from './phone-factor';
import { phoneCodeChecks, phoneNumberPattern } from './phone-codes';
import { phoneCodeCounter } from '../rate-limit/phone-code-limits';
import { rateLimiter } from '../rate-limit/rate-limiter';
import { refuseServerOnlyFields } from './server-only-fields';

/** How long each mailed code or link works, in seconds; each works once. */
export const lifetimes = {
  oneTimeCode: 10 * 60,
  resetLink: 60 * 60,
  confirmationLink: 24 * 60 * 60,
  phoneCode: 5 * 60,
  session: 30 * 24 * 60 * 60,
  accessToken: 15 * 60,
} as const;

export const minPasswordLength = 8;
export const maxPasswordLength = 128;

type AuthLogLevel = 'debug' | 'info' | 'warn' | 'error';

/** The server's log, as the account system writes to it. */
export type AuthLog = Record<AuthLogLevel, (details: object, message: string) => void>;

export interface AuthDependencies {
  config: Config;
  db: Kysely<Database>;
  mailer: Mailer;
  sms: SmsSender;
  /** What sign-ins, sign-outs, resets and second-factor changes enter in the audit trail. */
  accountAudit: AccountAudit;
  /** Where Better Auth's own messages go; its console output when absent. */
  log?: AuthLog;
  /**
   * Whether a care-circle invitation's link stands in for the invitation code of a sign-up
   * with this address: the invitation is pending and was mailed to it. None when absent.
   */
  invitationAdmits?: (code: string, email: string) => Promise<boolean>;
  /**
   * After a sign-up the account system took, with the code it gave and its address: the care
   * circle remembers the invitation it came through, to accept once the address is confirmed.
   */
  signedUp?: (code: string, email: string) => Promise<void>;
  /**
   * After an account confirmed its address through the mailed link, with the client address
   * the server believed: what waited for the confirmation (an invitation signed up through).
   */
  addressConfirmed?: (
    account: { id: string; email: string },
    address: string | null,
  ) => Promise<void>;
  /**
   * The language a person chose for their account (the app stores it whenever they switch);
   * null when they never chose. A phone code, a reset link or a one-time code to someone known
   * is written in it; the language the app asked in stands only for an account that never chose.
   */
  accountLanguage?: (userId: string) => Promise<MailLanguage | null>;
  /** The account's id by its e-mail address, for a mail asked for by address alone. */
  accountIdByEmail?: (email: string) => Promise<string | null>;
  /**
   * Called once a session of this account is gone (signed out, revoked, or every one after a
   * password reset), so the account's open push streams check again at once.
   */
  sessionEnded?: (userId: string) => Promise<void>;
  /** Whether an admin deactivated the account: it is refused every new session. */
  accountDeactivated?: (userId: string) => Promise<boolean>;
}

/**
 * Better Auth's messages as lines of the server's log, so they are JSON like the rest
 * and cleaned of secrets like the rest (a refused callback URL is quoted in full).
 */
function intoServerLog(log: AuthLog) {
  return {
    level: 'info' as const,
    log: (level: AuthLogLevel, message: string, ...args: unknown[]) => {
      const details = args.map((arg) => (arg instanceof Error ? arg.message : arg));
      log[level]({ source: 'better-auth', ...(details.length > 0 ? { details } : {}) }, message);
    },
  };
}

/**
 * Endpoints the plugins bring that Sewa does not use. Each is a way in that would
 * skip a check the product relies on: password resets by a code nobody is mailed
 * (guessable round after round), by SMS, sign-in by phone number, or by another site's
 * account. They answer 404.
 */
const unusedPaths = new Set([
  '/email-otp/verify-email',
  '/email-otp/check-verification-otp',
  '/email-otp/request-password-reset',
  '/email-otp/reset-password',
  '/email-otp/request-email-change',
  '/email-otp/change-email',
  '/forget-password/email-otp',
  '/phone-number/request-password-reset',
  '/phone-number/reset-password',
  '/sign-in/phone-number',
  // No social sign-in is set up: its callback would copy whatever it is sent into a redirect.
  '/sign-in/social',
  '/callback/:id',
  '/link-social',
  '/refresh-token',
  '/get-access-token',
  '/account-info',
]);

function refuseUnused(path: string, body: Record<string, unknown> | undefined): void {
  if (unusedPaths.has(path)) {
    throw new APIError('NOT_FOUND', { code: 'NOT_FOUND', message: 'Not found' });
  }
  // One-time codes are only ever mailed for signing in.
  if (path === '/email-otp/send-verification-otp' && body?.type !== 'sign-in') {
    throw new APIError('BAD_REQUEST', {
      code: 'INVALID_OTP_TYPE',
      message: 'Only sign-in codes can be sent.',
    });
  }
  // A phone number is a second factor for an account that is signed in, never a way
  // to sign in: verifying a code without `updatePhoneNumber` would open a session.
  if (path === '/phone-number/verify' && body?.updatePhoneNumber !== true) {
    throw new APIError('BAD_REQUEST', {
      code: 'PHONE_NUMBER_SIGN_IN_DISABLED',
      message: 'A phone number can only be added to a signed-in account.',
    });
  }
}

/**
 * No call may name an address of the reserved domain (`isReservedAddress`): a family member's
 * account holds one until they have a login of their own, and whoever learnt their id could
 * otherwise sign up, sign in, reset a password or ask for a code with it. It is refused as the
 * account system refuses an address that is none, so the answer says nothing of the account.
 */
function refuseReservedAddress(path: string, body: Record<string, unknown> | undefined): void {
  if (typeof body?.email === 'string' && isReservedAddress(body.email)) throw notAnAddress(path);
}

async function checkInviteCode(
  body: Record<string, unknown> | undefined,
  expected: string,
  invitationAdmits: AuthDependencies['invitationAdmits'],
): Promise<void> {
  const code = typeof body?.inviteCode === 'string' ? body.inviteCode : '';
  const email = typeof body?.email === 'string' ? body.email : '';
  if (code.trim() === '') {
    throw new APIError('BAD_REQUEST', {
      code: 'INVITATION_CODE_REQUIRED',
      message: 'Please enter your invitation code.',
    });
  }
  if (
    !isValidInviteCode(code, expected) &&
    !(invitationAdmits && email !== '' && (await invitationAdmits(code, email)))
  ) {
    throw new APIError('BAD_REQUEST', {
      code: 'INVITATION_CODE_INVALID',
      message: 'Invitation code is invalid.',
    });
  }
}

function languageOf(request: Request | undefined | null) {
  return mailLanguage(request?.headers.get('accept-language'));
}

/**
 * Accounts, sessions and second factors, by Better Auth on our own database.
 * Everything it serves lives under /api/auth.
 */
export function createAuth({
  config,
  db,
  mailer,
  sms,
  accountAudit: audited,
  log,
  invitationAdmits,
  signedUp,
  addressConfirmed,
  accountLanguage,
  accountIdByEmail,
  sessionEnded,
  accountDeactivated,
}: AuthDependencies) {
  const publicUrl = new URL(config.publicUrl);
  const minutes = (seconds: number) => Math.round(seconds / 60);
  const confirmations = confirmationMail({
    db,
    secret: config.authSecret,
    lifetimeSeconds: lifetimes.confirmationLink,
    send: (email, url, request) => mailer.send(verificationMail(languageOf(request), email, url)),
  });
  const callers = callerQueries(db);
  const checkPhoneCode = phoneCodeChecks({
    counter: phoneCodeCounter(rateLimiter(db)),
    countryCodes: config.smsCountryCodes,
  });
  /** The account's own language when the person is known and chose one, else the one the app asked in. */
  const languageFor = async (
    userId: string | null | undefined,
    request: Request | undefined | null,
  ) => (userId && (await accountLanguage?.(userId))) || languageOf(request);
  /** A mail to an address: in its account's language when it has one that chose. */
  const addressLanguage = async (email: string, request: Request | undefined | null) =>
    languageFor(await accountIdByEmail?.(email), request);

  const sendPhoneCode = async (message: Mail) => {
    if (!sms.available) {
      throw new APIError('BAD_REQUEST', {
        code: 'SMS_UNAVAILABLE',
        message: 'Text messages are not available on this server.',
      });
    }
    try {
      await sms.send(message);
    } catch (error) {
      // The number or the gateway refused it for good, or the gateway could not take it now.
      if (error instanceof SmsRefused) {
        throw new APIError('BAD_REQUEST', {
          code: 'SMS_REFUSED',
          message: 'A text message could not be sent to this number.',
        });
      }
      log?.warn({ err: error }, 'phone code not sent');
      throw new APIError('SERVICE_UNAVAILABLE', {
        code: 'SMS_NOT_SENT',
        message: 'The text message could not be sent just now. Please try again.',
      });
    }
  };

  return betterAuth({
    appName: 'Sewa',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    database: { db, type: 'postgres' },
    ...(log ? { logger: intoServerLog(log) } : {}),
    // The same origins as the API's same-origin check: PUBLIC_URL's, and in development its
    // other loopback spellings.
    trustedOrigins: allowedOrigins(config.publicUrl, config.nodeEnv),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength,
      maxPasswordLength,
      resetPasswordTokenExpiresIn: lifetimes.resetLink,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user }, request) => {
        await voidPendingResetLinks(db, user.id);
        await audited.passwordReset(user.id, request);
      },
      sendResetPassword: async ({ user, url }, request) => {
        await mailer.send(
          resetPasswordMail(
            await languageFor(user.id, request),
            user.email,
            url,
            minutes(lifetimes.resetLink),
          ),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: lifetimes.confirmationLink,
      sendVerificationEmail: ({ user, url }, request) => confirmations.mail(user, url, request),
      beforeEmailVerification: (user, request) => confirmations.confirm(user, request),
      // The address is confirmed whatever follows: a failure here is logged, and the person
      // may still accept through the invitation's link.
      afterEmailVerification: async (user, request) => {
        // The route puts the client address it believes here (see routes/auth.ts).
        const address = request?.headers.get('x-forwarded-for') ?? null;
        await addressConfirmed?.(user, address).catch((error: unknown) =>
          log?.error({ err: error }, 'what waited for a confirmed address was not done'),
        );
      },
    },
    session: {
      expiresIn: lifetimes.session,
      updateAge: 24 * 60 * 60,
    },
    // Behind the check of every call: whatever way in a plugin may add, no account is made
    // under a reserved address, and none that still has one is ever signed in to.
    databaseHooks: {
      user: {
        create: {
          before: (user, ctx) => {
            if (isReservedAddress(user.email)) throw notAnAddress(ctx?.path ?? '');
            return Promise.resolve();
          },
        },
        update: {
          before: (user, ctx) => {
            if (typeof user.email === 'string' && isReservedAddress(user.email)) {
              throw notAnAddress(ctx?.path ?? '');
            }
            return Promise.resolve();
          },
        },
      },
      session: {
        create: {
          before: async (session) => {
            const owner = await callers.byId(session.userId);
            if (owner && isReservedAddress(owner.email)) {
              throw new APIError('UNAUTHORIZED', {
                code: 'INVALID_EMAIL_OR_PASSWORD',
                message: 'Invalid email or password',
              });
            }
            if (await accountDeactivated?.(session.userId)) {
              throw new APIError('FORBIDDEN', {
                code: 'ACCOUNT_DEACTIVATED',
                message: 'This account is deactivated. Ask your clinic’s admin to reactivate it.',
              });
            }
          },
        },
        delete: {
          // After the session is gone; a failed announcement still leaves the streams' own
          // check a minute later, so it never fails the sign-out.
          after: async (session) => {
            await sessionEnded?.(session.userId).catch((error: unknown) =>
              log?.warn({ err: error }, 'session end not announced'),
            );
          },
        },
      },
    },
    // Our own limiter (server/src/rate-limit) counts per IP and per e-mail in the database,
    // shared by every server process; Better Auth's would count per process only.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: publicUrl.protocol === 'https:',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // Better Auth skips its Origin and callback-URL checks when NODE_ENV=test; the
      // tests must see what production does, so they are on everywhere.
      disableOriginCheck: false,
      // Our migrations make Better Auth's tables before the server answers, and a test holds
      // them to what Better Auth expects (tests/api/auth/auth-tables.test.ts). Its own check
      // at run time reads every table of every schema in the database, where another schema's
      // table dropped meanwhile fails the check and with it every account request.
      database: { validateSchema: false },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = ctx.body as Record<string, unknown> | undefined;
        refuseUnused(ctx.path, body);
        await checkPhoneCode(ctx);
        if (ctx.path === '/sign-up/email') {
          await checkInviteCode(body, config.inviteCode, invitationAdmits);
        }
        refuseServerOnlyFields(ctx.path, body, Object.keys(ctx.context.tables.user?.fields ?? {}));
        refuseReservedAddress(ctx.path, body);
        if (ctx.path === '/two-factor/enable' && body?.method === 'otp') {
          const session = await getSessionFromCtx(ctx);
          if (session) refuseTextCodesWithoutPhone(session.user);
        }
        const query = await confirmations.refuseStale(ctx.path, ctx.query);
        return query ? { context: { query } } : undefined;
      }),
      after: createAuthMiddleware(async (ctx) => {
        await confirmations.afterSignUp(ctx.path, ctx.context, ctx.body, ctx.request);
        const body = ctx.body as Record<string, unknown> | undefined;
        const answer = ctx.context.returned as { user?: unknown } | undefined;
        if (ctx.path !== '/sign-up/email' || !answer?.user || typeof body?.email !== 'string') {
          return;
        }
        const code = typeof body.inviteCode === 'string' ? body.inviteCode : '';
        await signedUp?.(code, body.email).catch((error: unknown) =>
          log?.error({ err: error }, 'the invitation of a sign-up was not noted'),
        );
      }),
    },
    plugins: [
      emailOTP({
        otpLength: 6,
        expiresIn: lifetimes.oneTimeCode,
        allowedAttempts: 5,
        disableSignUp: true,
        storeOTP: 'hashed',
        sendVerificationOTP: async ({ email, otp, type }, ctx) => {
          if (type !== 'sign-in') return;
          const link = new URL('/login', config.publicUrl);
          link.searchParams.set('email', email);
          link.searchParams.set('code', otp);
          await mailer.send(
            oneTimeCodeMail(
              await addressLanguage(email, ctx?.request),
              email,
              otp,
              link.toString(),
              minutes(lifetimes.oneTimeCode),
            ),
          );
        },
      }),
      secondFactorAlsoAfterOneTimeCode(
        twoFactor({
          issuer: 'Sewa',
          otpOptions: {
            period: minutes(lifetimes.phoneCode),
            sendOTP: async ({ user, otp }, ctx) => {
              const phone = verifiedPhoneOf(user);
              if (phone === null) throw phoneNotEnrolled();
              await sendPhoneCode(
                phoneCodeText(
                  await languageFor(user.id, ctx?.request),
                  phone,
                  otp,
                  minutes(lifetimes.phoneCode),
                ),
              );
            },
          },
        }),
      ),
      phoneNumber({
        otpLength: 6,
        expiresIn: lifetimes.phoneCode,
        allowedAttempts: 5,
        phoneNumberValidator: (phone) => phoneNumberPattern.test(phone),
        sendOTP: async ({ phoneNumber: phone, code }, ctx) => {
          // Proving a number for one's account: the account is known by its session.
          const session = ctx ? await getSessionFromCtx(ctx) : null;
          await sendPhoneCode(
            phoneCodeText(
              await languageFor(session?.user.id, ctx?.request),
              phone,
              code,
              minutes(lifetimes.phoneCode),
            ),
          );
        },
      }),
      passkey({
        rpID: publicUrl.hostname,
        rpName: 'Sewa',
        origin: publicUrl.origin,
      }),
      jwt({
        // Tokens come from /api/auth/token; signing one on every session check costs most of it.
        disableSettingJwtHeader: true,
        jwks: { keyPairConfig: { alg: 'EdDSA', crv: 'Ed25519' } },
        jwt: {
          issuer: publicUrl.origin,
          audience: publicUrl.origin,
          expirationTime: `${minutes(lifetimes.accessToken)}m`,
          // Only who the token is for (`sub`, added by the plugin), their role and the session
          // it came from: the API refuses it once that session ends, and reads the rest of
          // the account afresh. The whole user (e-mail, name, phone) would travel with every
          // call and outlive any change to it.
          definePayload: async ({ user, session }) => ({
            role: (await callers.byId(user.id))?.role ?? defaultRole,
            sid: session.id,
          }),
        },
      }),
      // Last, so it sees the answer every other plugin has shaped.
      audited.plugin,
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
