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

/** The gateway answered and will not send this text: trying again is of no use. */
export class SmsRefused extends Error {
  override readonly name = 'SmsRefused';
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

/** How long a gateway may take to answer before the text counts as not sent yet. */
const answerWithinMs = 10_000;

async function post(
  url: string,
  fields: Record<string, string>,
  beforeRequest: BeforeRequest | undefined,
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
  const body: unknown = await response.json().catch(() => null);
  if (response.status >= 500 || response.status === 429 || response.status === 408) {
    throw new SmsNotSentYet(`The gateway answered ${response.status}`);
  }
  return { status: response.status, body };
}

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null
    ? (body as Record<string, unknown>)[name]
    : undefined;
}

/** Sparrow SMS v2: form `token`, `from`, `to`, `text`; 200 with `response_code` 200 is queued. */
function sparrow(settings: SmsGatewaySettings): SmsGateway {
  return {
    async send(to, text, beforeRequest) {
      const { status, body } = await post(
        settings.url,
        { token: settings.token, from: settings.from ?? '', to, text },
        beforeRequest,
      );
      const code = Number(field(body, 'response_code'));
      if (status === 200 && code === 200) return;
      const said = field(body, 'response');
      throw new SmsRefused(
        `Sparrow refused the text (${status}, response_code ${Number.isNaN(code) ? 'none' : code}${typeof said === 'string' ? `: ${said}` : ''})`,
      );
    },
  };
}

/**
 * Aakash SMS v3: form `auth_token`, `to`, `text`; `error: false` with the number among
 * `data.valid` is queued, and a number among `data.invalid` was refused.
 */
function aakash(settings: SmsGatewaySettings): SmsGateway {
  return {
    async send(to, text, beforeRequest) {
      const { status, body } = await post(
        settings.url,
        { auth_token: settings.token, to, text },
        beforeRequest,
      );
      const said = field(body, 'message');
      const reason = typeof said === 'string' ? `: ${said}` : '';
      if (status !== 200 || field(body, 'error') !== false) {
        throw new SmsRefused(`Aakash refused the text (${status}${reason})`);
      }
      const data = field(body, 'data');
      const valid = field(data, 'valid');
      if (!Array.isArray(valid) || valid.length === 0) {
        throw new SmsRefused(`Aakash queued nothing for the number (${status}${reason})`);
      }
    },
  };
}

export function smsGateway(settings: SmsGatewaySettings): SmsGateway {
  return settings.gateway === 'sparrow' ? sparrow(settings) : aakash(settings);
}
