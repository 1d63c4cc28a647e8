/**
 * The Nepali text-message gateways' HTTP APIs. Each adapter sends one text to one number and
 * says how it went: sent; refused for good (a bad token, a bad number, no credit: sending the
 * same again will not change the answer); or not sent this time (a timeout, a 5xx, no
 * connection), worth trying again. No error carries the token.
 */

export type SmsGatewayName = 'sparrow' | 'aakash';

export interface SmsGatewaySettings {
  gateway: SmsGatewayName;
  url: string;
  token: string;
  /** The sender identity Sparrow requires; Aakash sends under the account's own. */
  from: string | undefined;
}

/**
 * Why a gateway refused a text, as a code kept with the notification (never the gateway's
 * words, which may quote the number): a bad token or an account the gateway will not serve,
 * a number it will not send to, a sender identity it does not know, no credit left, a request
 * it found incomplete, or a refusal it did not explain.
 */
export type SmsRefusal =
  | 'invalid_token'
  | 'account_inactive'
  | 'invalid_number'
  | 'invalid_sender'
  | 'no_credit'
  | 'bad_request'
  | 'refused';

/** The gateway answered and will not send this text: trying again is of no use. */
export class SmsRefused extends Error {
  override readonly name = 'SmsRefused';
  constructor(
    message: string,
    readonly reason: SmsRefusal = 'refused',
  ) {
    super(message);
  }
}

/** The text was not sent this time; the same may go through later. */
export class SmsNotSentYet extends Error {
  override readonly name = 'SmsNotSentYet';
}

/** Told just before a text's request leaves for the gateway: from then on it may be sent. */
export type BeforeRequest = () => Promise<void>;

export interface SmsGateway {
  /** Sends `text` to `to` (ten digits, no +977); resolves once the gateway has queued it. */
  send(to: string, text: string, beforeRequest?: BeforeRequest): Promise<void>;
}

/** How long a gateway may take to answer before the text counts as not sent yet, unless told. */
export const defaultAnswerWithinMs = 10_000;

async function post(
  url: string,
  fields: Record<string, string>,
  beforeRequest: BeforeRequest | undefined,
  answerWithinMs: number,
) {
  await beforeRequest?.();
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(fields).toString(),
      signal: AbortSignal.timeout(answerWithinMs),
      redirect: 'error',
    });
  } catch (error) {
    const why = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'failed';
    throw new SmsNotSentYet(`The gateway's request ${why}`);
  }
  // The answer's body within the same wait: a gateway that sends its headers and stalls has
  // not answered either.
  const body: unknown = await response.json().catch((error: unknown) => {
    if (error instanceof Error && error.name === 'TimeoutError') {
      throw new SmsNotSentYet("The gateway's answer timed out");
    }
    return null;
  });
  if (response.status >= 500 || response.status === 429 || response.status === 408) {
    throw new SmsNotSentYet(`The gateway answered ${response.status}`);
  }
  return { status: response.status, body };
}

/** The gateway's own words, without the token should it quote it back: they may reach a log. */
function wordsOf(body: unknown, name: string, token: string): string {
  const said = field(body, name);
  return typeof said === 'string' ? `: ${said.replaceAll(token, '[token]')}` : '';
}

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null
    ? (body as Record<string, unknown>)[name]
    : undefined;
}

/** Sparrow's refusals by `response_code` (its API's list, 1000–1013). */
const sparrowRefusals: Record<number, SmsRefusal> = {
  1000: 'bad_request',
  1001: 'account_inactive',
  1002: 'invalid_token',
  1003: 'account_inactive',
  1004: 'account_inactive',
  1005: 'account_inactive',
  1006: 'account_inactive',
  1007: 'invalid_number',
  1008: 'invalid_sender',
  1010: 'bad_request',
  1011: 'invalid_number',
  1012: 'no_credit',
  1013: 'no_credit',
};

/** Sparrow SMS v2: form `token`, `from`, `to`, `text`; 200 with `response_code` 200 is queued. */
function sparrow(settings: SmsGatewaySettings, answerWithinMs: number): SmsGateway {
  return {
    async send(to, text, beforeRequest) {
      const { status, body } = await post(
        settings.url,
        { token: settings.token, from: settings.from ?? '', to, text },
        beforeRequest,
        answerWithinMs,
      );
      const code = Number(field(body, 'response_code'));
      if (status === 200 && code === 200) return;
      throw new SmsRefused(
        `Sparrow refused the text (${status}, response_code ${Number.isNaN(code) ? 'none' : code}${wordsOf(body, 'response', settings.token)})`,
        sparrowRefusals[code] ?? 'refused',
      );
    },
  };
}

/** Aakash's refusal, read from its status and its message (it gives no code). */
function aakashRefusal(status: number, message: unknown): SmsRefusal {
  const said = typeof message === 'string' ? message.toLowerCase() : '';
  if (/balance|credit/.test(said)) return 'no_credit';
  if (status === 401 || /token|unauthenticated/.test(said)) return 'invalid_token';
  if (status === 422) return 'bad_request';
  return 'refused';
}

/**
 * Aakash SMS v3: form `auth_token`, `to`, `text`; `error: false` with the number among
 * `data.valid` is queued, and a number among `data.invalid` was refused.
 */
function aakash(settings: SmsGatewaySettings, answerWithinMs: number): SmsGateway {
  return {
    async send(to, text, beforeRequest) {
      const { status, body } = await post(
        settings.url,
        { auth_token: settings.token, to, text },
        beforeRequest,
        answerWithinMs,
      );
      const said = field(body, 'message');
      const reason = wordsOf(body, 'message', settings.token);
      if (status !== 200 || field(body, 'error') !== false) {
        throw new SmsRefused(
          `Aakash refused the text (${status}${reason})`,
          aakashRefusal(status, said),
        );
      }
      const data = field(body, 'data');
      const valid = field(data, 'valid');
      if (!Array.isArray(valid) || valid.length === 0) {
        throw new SmsRefused(
          `Aakash queued nothing for the number (${status}${reason})`,
          'invalid_number',
        );
      }
    },
  };
}

/**
 * The gateway `settings` name. A gateway that has not answered within `answerWithinMs` has
 * not taken the text, as far as anyone can tell: not sent yet, tried again.
 */
export function smsGateway(
  settings: SmsGatewaySettings,
  answerWithinMs = defaultAnswerWithinMs,
): SmsGateway {
  return settings.gateway === 'sparrow'
    ? sparrow(settings, answerWithinMs)
    : aakash(settings, answerWithinMs);
}
