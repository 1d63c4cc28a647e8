import { request } from 'node:https';
import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import webpush from 'web-push';

/**
 * The Web Push protocol as the sender speaks it: the message encrypted for one device (RFC 8291,
 * `aes128gcm` of RFC 8188) and the server identified to the push service (VAPID, RFC 8292), both
 * by web-push, and the POST itself (RFC 8030), ours: web-push's own sender reads the endpoint
 * again with Node's legacy `url.parse`, which reads some spellings differently from the check,
 * so the request goes to the very URL the endpoint check parsed and to the addresses the sender
 * checked, nowhere else.
 */

/** A device's keys as its browser gives them: a P-256 public key and a 16-byte secret. */
export interface DeviceKeys {
  p256dh: string;
  auth: string;
}

/** One record holds the whole message: what push services take (4,096 bytes) at most. */
const recordSize = 4096;
/** Salt (16), record size (4), key id length (1) and the server's public key (65). */
const headerLength = 16 + 4 + 1 + 65;
/** The padding delimiter (1) and the AES-GCM tag (16) in the record. */
const recordOverhead = 1 + 16;
/** The longest message that fits in one record of a body push services take. */
export const longestMessage = recordSize - headerLength - recordOverhead;

/**
 * The message as only the device can read it: a fresh key pair and salt for every message, so
 * no two messages share a key. A longer message would take a second record, which push
 * services refuse.
 */
export function encryptForDevice(keys: DeviceKeys, message: Buffer): Buffer {
  if (message.length > longestMessage) {
    throw new RangeError(`A push message holds at most ${longestMessage} bytes`);
  }
  return webpush.encrypt(keys.p256dh, keys.auth, message, 'aes128gcm').cipherText;
}

/** The server's VAPID pair (base64url, as the settings give it) and its contact. */
export interface VapidDetails {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * Signs the `Authorization` header for one push service: a token for the service's origin,
 * good for 12 hours, signed with the server's private key, and the public key browsers
 * subscribed with.
 */
export function vapidSigner(vapid: VapidDetails) {
  return (origin: string): string =>
    webpush.getVapidHeaders(origin, vapid.subject, vapid.publicKey, vapid.privateKey, 'aes128gcm')
      .Authorization;
}

/** A connection that failed or went quiet: the push service may take the message later. */
export class PushServiceUnreachable extends Error {
  constructor(cause: unknown) {
    super('The push service could not be reached', { cause });
    this.name = 'PushServiceUnreachable';
  }
}

/**
 * Connects only to `addresses`, whatever the name resolves to by then: they are the ones the
 * sender checked, so a name that changes its answer between the check and the connection
 * (DNS rebinding) changes nothing. Node asks for all of them when it tries each family in turn.
 */
function pinnedLookup(addresses: readonly LookupAddress[]): LookupFunction {
  const [first] = addresses;
  if (first === undefined) throw new RangeError('No address to connect to');
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [...addresses]);
    else callback(null, first.address, first.family);
  };
}

/**
 * POSTs one message to `url` at one of `addresses`; answers the push service's status. Throws
 * `PushServiceUnreachable` when no answer came (no connection, an error, `timeoutMs` of silence).
 */
export function postMessage(
  url: URL,
  addresses: readonly LookupAddress[],
  message: { headers: Record<string, string>; body: Buffer; timeoutMs: number },
): Promise<number> {
  return new Promise((resolve, reject) => {
    const post = request(
      url,
      {
        method: 'POST',
        headers: { ...message.headers, 'Content-Length': String(message.body.length) },
        lookup: pinnedLookup(addresses),
        timeout: message.timeoutMs,
      },
      (response) => {
        // What the service says beyond its status is not used: read and let go.
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', (error) => reject(new PushServiceUnreachable(error)));
      },
    );
    post.on('timeout', () => post.destroy(new Error('No answer in time')));
    post.on('error', (error) => reject(new PushServiceUnreachable(error)));
    post.end(message.body);
  });
}

/** A new VAPID pair: a P-256 public key (uncompressed, 65 bytes) and its private key (32). */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webpush.generateVAPIDKeys();
}
