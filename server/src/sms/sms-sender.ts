import type { Config } from '../config';
import type { Mail } from '../mail/mailer';
import type { OutboxRepository } from '../mail/outbox-repository';
import { nepalMobileDigits } from './nepal-mobile';
import {
  SmsNotSentYet,
  SmsRefused,
  smsGateway,
  type BeforeRequest,
  type SmsGateway,
} from './sms-gateways';

export interface SmsSender {
  /** False where no text-message gateway exists: phone codes are then refused, never lost. */
  readonly available: boolean;
  /**
   * Sends the message's text to its number. Throws `SmsRefused` when the number or the
   * gateway refuses it for good, `SmsNotSentYet` when it could not go out now.
   * `beforeRequest` is told just before each request leaves (or the outbox keeps it).
   */
  send(message: Mail, beforeRequest?: BeforeRequest): Promise<void>;
}

/** Waits before each further try of a text the gateway did not take this time. */
const retryDelaysMs = [1_000, 3_000];

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A gateway's sends, tried again after a timeout or a 5xx, never after a refusal. */
export function gatewaySender(
  gateway: SmsGateway,
  delaysMs: readonly number[] = retryDelaysMs,
): SmsSender {
  return {
    available: true,
    async send(message, beforeRequest) {
      const to = nepalMobileDigits(message.to);
      if (to === null) throw new SmsRefused('Not a Nepali mobile number', 'invalid_number');
      for (let attempt = 0; ; attempt += 1) {
        try {
          await gateway.send(to, message.text, beforeRequest);
          return;
        } catch (error) {
          const delay = delaysMs[attempt];
          if (!(error instanceof SmsNotSentYet) || delay === undefined) throw error;
          await wait(delay);
        }
      }
    },
  };
}

/**
 * Text messages: through the gateway `SMS_GATEWAY` names when there is one. Without one,
 * outside production they land in the development outbox, addressed to the phone number,
 * and in production texts are unavailable rather than silently undelivered. A sender that
 * retries by itself (the job queue) passes no delays: one try each time. (Mail through
 * SMTP_URL never carries them: a phone number is not an e-mail address.)
 */
export function createSmsSender(
  config: Config,
  outbox: OutboxRepository,
  delaysMs: readonly number[] = retryDelaysMs,
): SmsSender {
  if (config.sms) return gatewaySender(smsGateway(config.sms), delaysMs);
  if (config.nodeEnv === 'production') {
    return {
      available: false,
      send: () => Promise.reject(new Error('No text-message gateway is configured')),
    };
  }
  return {
    available: true,
    async send(message, beforeRequest) {
      await beforeRequest?.();
      await outbox.add(message);
    },
  };
}
