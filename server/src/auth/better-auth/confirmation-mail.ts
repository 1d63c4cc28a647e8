import type { AuthContext } from '@better-auth/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import {
  confirmWithLatestLink,
  mayConfirm,
  newConfirmationToken,
  recordMailedLink,
  withToken,
} from './confirmation-links';
import { replacePendingSignUp, type SendConfirmation, type SignUp } from './repeated-sign-up';

export interface ConfirmationMailOptions {
  db: Kysely<Database>;
  secret: string;
  lifetimeSeconds: number;
  send: SendConfirmation;
}

/**
 * The account system's confirmation mail under the latest-link rule: each mail gets a
 * link of its own that voids the earlier ones, a link is checked before the account
 * system confirms with it, and a repeated sign-up of an unconfirmed account replaces
 * its credentials and mails a fresh link.
 */
export function confirmationMail({ db, secret, lifetimeSeconds, send }: ConfirmationMailOptions) {
  return {
    /** For `emailVerification.sendVerificationEmail`. */
    async mail(user: { id: string; email: string }, url: string, request: Request | undefined) {
      const token = await newConfirmationToken(secret, user.email, lifetimeSeconds);
      await recordMailedLink(db, user.id, token, request);
      await send(user.email, withToken(url, token), request);
    },

    /** For `emailVerification.beforeEmailVerification`. */
    confirm(user: { id: string }, request: Request | undefined) {
      return confirmWithLatestLink(db, user.id, request);
    },

    /**
     * Before /verify-email: the query to go on with when the link may not confirm, with a
     * token the account system itself refuses, so the answer is its own to a bad token.
     */
    async refuseStale(
      path: string,
      query: Record<string, unknown> | undefined,
    ): Promise<Record<string, unknown> | undefined> {
      if (path !== '/verify-email' || typeof query?.token !== 'string') return undefined;
      return (await mayConfirm(db, query.token)) ? undefined : { ...query, token: 'void' };
    },

    /** After /sign-up/email, once the account system has answered as for a new address. */
    async afterSignUp(
      path: string,
      context: AuthContext & { returned?: unknown },
      body: unknown,
      request: Request | undefined,
    ): Promise<void> {
      const answer = context.returned as { user?: { id?: string } } | undefined;
      if (path !== '/sign-up/email' || !answer?.user) return;
      try {
        await replacePendingSignUp({
          db,
          auth: context,
          signUp: body as SignUp,
          answeredUserId: answer.user.id,
          request,
          lifetimeSeconds,
          send,
        });
      } catch (error: unknown) {
        // The answer stays the one of a new address; the person may simply sign up again.
        context.logger.error('Could not replace an unconfirmed sign-up', error);
      }
    },
  };
}
