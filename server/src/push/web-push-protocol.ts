import { createCipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { request } from 'node:https';
import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { importJWK, SignJWT } from 'jose';

/**
 * The Web Push protocol as the sender speaks it: the message encrypted for one device (RFC 8291,
 * `aes128gcm` of RFC 8188), the server identified to the push service (VAPID, RFC 8292), and
 * the POST itself (RFC 8030). Ours rather than a library's, so the request goes to the very URL
 * the endpoint check parsed and to the addresses the sender checked, nowhere else.
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

function hkdf(secret: Buffer, salt: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, salt, info, length));
}

/**
 * The message as only the device can read it (RFC 8291 §3.4, one record of RFC 8188 §2): a
 * fresh key pair and salt for every message, so no two messages share a key.
 */
export function encryptForDevice(keys: DeviceKeys, message: Buffer): Buffer {
  if (message.length > longestMessage) {
    throw new RangeError(`A push message holds at most ${longestMessage} bytes`);
  }
  const devicePublicKey = Buffer.from(keys.p256dh, 'base64url');
  const authSecret = Buffer.from(keys.auth, 'base64url');
  const ecdh = createECDH('prime256v1');
  const serverPublicKey = ecdh.generateKeys();
  const sharedSecret = ecdh.computeSecret(devicePublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), devicePublicKey, serverPublicKey]);
  const inputKey = hkdf(sharedSecret, authSecret, keyInfo, 32);

  const salt = randomBytes(16);
  const contentKey = hkdf(inputKey, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(inputKey, salt, Buffer.from('Content-Encoding: nonce\0'), 12);
  const cipher = createCipheriv('aes-128-gcm', contentKey, nonce);
  // 0x02: the last record, with no padding after it.
  const record = Buffer.concat([
    cipher.update(message),
    cipher.update(Buffer.from([0x02])),
    cipher.final(),
    cipher.getAuthTag(),
  ]);

  const header = Buffer.alloc(16 + 4 + 1);
  salt.copy(header, 0);
  header.writeUInt32BE(recordSize, 16);
  header.writeUInt8(serverPublicKey.length, 20);
  return Buffer.concat([header, serverPublicKey, record]);
}

/** How long a VAPID token stands: RFC 8292 allows a day at most. */
const tokenSeconds = 12 * 60 * 60;

/** The server's VAPID pair (base64url, as the settings give it) and its contact. */
export interface VapidDetails {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * Signs the `Authorization` header for one push service (RFC 8292): a token for the service's
 * origin, signed with the server's private key, and the public key browsers subscribed with.
 */
export function vapidSigner(vapid: VapidDetails) {
  const publicKey = Buffer.from(vapid.publicKey, 'base64url');
  let key: ReturnType<typeof importJWK> | undefined;
  const signingKey = () =>
    (key ??= importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: publicKey.subarray(1, 33).toString('base64url'),
        y: publicKey.subarray(33, 65).toString('base64url'),
        d: vapid.privateKey,
      },
      'ES256',
    ));

  return async (origin: string): Promise<string> => {
    const token = await new SignJWT({ sub: vapid.subject })
      .setProtectedHeader({ typ: 'JWT', alg: 'ES256' })
      .setAudience(origin)
      .setExpirationTime(Math.floor(Date.now() / 1000) + tokenSeconds)
      .sign(await signingKey());
    return `vapid t=${token}, k=${vapid.publicKey}`;
  };
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
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey('base64url'),
    // Leading zero bytes are part of the key: always 32 bytes.
    privateKey: Buffer.from(ecdh.getPrivateKey('hex').padStart(64, '0'), 'hex').toString(
      'base64url',
    ),
  };
}
