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
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** All mail goes through SMTP when SMTP_URL is set; otherwise it is kept in the development outbox. */
export function createMailer(config: Config, outbox: OutboxRepository): Mailer {
  if (config.smtpUrl === undefined) {
    return { send: (mail) => outbox.add(mail), close: () => undefined };
  }
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from: config.mailFrom, ...mail });
    },
    close: () => transport.close(),
  };
}
