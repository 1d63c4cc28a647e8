import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { OutboxRepository } from './outbox-repository';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Resolves once the mail is handed over: kept in the outbox, or queued for SMTP. */
  send(mail: Mail): Promise<void>;
  close(): void;
}

export interface MailLog {
  error(details: object, message: string): void;
}

/**
 * All mail goes through SMTP when SMTP_URL is set; otherwise it is kept in the development outbox.
 *
 * SMTP delivery is not awaited: how long the mail server takes, or whether it is down,
 * must not show in the answer, or "check your email" would tell a caller which
 * addresses have an account. Failures are logged on the server's log, whose lines are
 * cleaned of link tokens (a mail server's refusal may quote the mail).
 */
export function createMailer(config: Config, outbox: OutboxRepository, log: MailLog): Mailer {
  if (config.smtpUrl === undefined) {
    return { send: (mail) => outbox.add(mail), close: () => undefined };
  }
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    send(mail) {
      transport.sendMail({ from: config.mailFrom, ...mail }).catch((error: unknown) => {
        log.error(
          { err: error instanceof Error ? error.message : String(error), subject: mail.subject },
          'mail could not be sent',
        );
      });
      return Promise.resolve();
    },
    close: () => transport.close(),
  };
}
