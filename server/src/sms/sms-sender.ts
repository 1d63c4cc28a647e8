import type { Config } from '../config';
import type { Mail } from '../mail/mailer';
import type { OutboxRepository } from '../mail/outbox-repository';

export interface SmsSender {
  /** False where no text-message gateway exists: phone codes are then refused, never lost. */
  readonly available: boolean;
  send(message: Mail): Promise<void>;
}

/**
 * Text messages for phone second factors. No gateway is wired in yet, so outside
 * production they land in the development outbox, addressed to the phone number, and in
 * production the phone factor is unavailable rather than silently undelivered.
 * (Mail through SMTP_URL never carries them: a phone number is not an e-mail address.)
 */
export function createSmsSender(config: Config, outbox: OutboxRepository): SmsSender {
  if (config.nodeEnv === 'production') {
    return {
      available: false,
      send: () => Promise.reject(new Error('No text-message gateway is configured')),
    };
  }
  return { available: true, send: (message) => outbox.add(message) };
}
