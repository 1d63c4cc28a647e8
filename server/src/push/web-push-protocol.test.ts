import { createECDH, createPublicKey, randomBytes } from 'node:crypto';
import ece from 'http_ece';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  encryptForDevice,
  generateVapidKeys,
  longestMessage,
  vapidSigner,
} from './web-push-protocol';

/** A device as a browser makes it: a P-256 key pair and a 16-byte secret. */
function browserDevice() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return { ecdh, keys: { p256dh: ecdh.getPublicKey('base64url'), auth } };
}

describe('encryptForDevice', () => {
  it('writes a message the browser reads back (RFC 8291, read here by another implementation)', () => {
    const device = browserDevice();
    const message = Buffer.from(JSON.stringify({ title: 'डाक्टर आउनुभयो', path: '/' }));
    const body = encryptForDevice(device.keys, message);
    // The header: a 16-byte salt, the record size 4096, and the server's 65-byte key.
    expect(body.readUInt32BE(16)).toBe(4096);
    expect(body[20]).toBe(65);
    expect(body[21]).toBe(0x04);
    const read = ece.decrypt(body, {
      version: 'aes128gcm',
      privateKey: device.ecdh,
      authSecret: device.keys.auth,
    });
    expect(read.equals(message)).toBe(true);
  });

  it('uses a new key and salt for every message', () => {
    const device = browserDevice();
    const message = Buffer.from('same words');
    const first = encryptForDevice(device.keys, message);
    const second = encryptForDevice(device.keys, message);
    expect(first.subarray(0, 86).equals(second.subarray(0, 86))).toBe(false);
    expect(first.subarray(86).equals(second.subarray(86))).toBe(false);
  });

  it('is read by no other device', () => {
    const body = encryptForDevice(browserDevice().keys, Buffer.from('for one device'));
    const other = browserDevice();
    expect(() =>
      ece.decrypt(body, {
        version: 'aes128gcm',
        privateKey: other.ecdh,
        authSecret: other.keys.auth,
      }),
    ).toThrow();
  });

  it('fits the longest message in the 4,096 bytes push services take, and no longer one', () => {
    const device = browserDevice();
    expect(encryptForDevice(device.keys, Buffer.alloc(longestMessage, 'a'))).toHaveLength(4096);
    expect(() => encryptForDevice(device.keys, Buffer.alloc(longestMessage + 1, 'a'))).toThrow(
      RangeError,
    );
  });
});

describe('vapidSigner', () => {
  it('signs a token for the push service’s origin with the server’s key (RFC 8292)', async () => {
    const vapid = { ...generateVapidKeys(), subject: 'mailto:no-reply@example.org' };
    const header = vapidSigner(vapid)('https://fcm.googleapis.com');
    const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header);
    expect(match?.[2]).toBe(vapid.publicKey);
    const token = match![1]!;
    expect(decodeProtectedHeader(token)).toEqual({ typ: 'JWT', alg: 'ES256' });

    const raw = Buffer.from(vapid.publicKey, 'base64url');
    const publicKey = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    const { payload } = await jwtVerify(token, publicKey, {
      audience: 'https://fcm.googleapis.com',
    });
    expect(payload.sub).toBe('mailto:no-reply@example.org');
    const now = Date.now() / 1000;
    // No more than a day ahead, as RFC 8292 asks; twelve hours here.
    expect(payload.exp).toBeGreaterThan(now + 11 * 3600);
    expect(payload.exp).toBeLessThanOrEqual(now + 24 * 3600);
  });
});

describe('generateVapidKeys', () => {
  it('gives a P-256 pair whose halves belong together', () => {
    for (let i = 0; i < 20; i += 1) {
      const { publicKey, privateKey } = generateVapidKeys();
      expect(Buffer.from(privateKey, 'base64url')).toHaveLength(32);
      const ecdh = createECDH('prime256v1');
      ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
      expect(ecdh.getPublicKey('base64url')).toBe(publicKey);
    }
  });
});
