import { createECDH, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ece from 'http_ece';
import { selfSignedCertificate } from './test-certificate';
import type { PushSubscriptionJson } from '../../../shared/notifications';

/**
 * The settings a server process needs to post to this push service on loopback: it loads
 * `push-service-on-loopback.mjs` before it starts. (A public push service needs nothing.)
 */
export function pushServiceOnLoopback(): { NODE_OPTIONS: string } {
  // Test runs start at the repository's root, as `server-process.ts` counts on too.
  const preload = path.resolve('tests/api/support/push-service-on-loopback.mjs');
  return {
    NODE_OPTIONS: [process.env.NODE_OPTIONS, `--import=${preload}`].filter(Boolean).join(' '),
  };
}

/** One POST the push service received. */
export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** How the push service answers a device's path: a status, after a delay. */
export interface PushAnswer {
  status: number;
  delayMs?: number;
}

/** A device as a browser makes it: its P-256 key pair and 16-byte secret, and the JSON it sends. */
export interface BrowserSubscription {
  json: PushSubscriptionJson;
  path: string;
  ecdh: ECDH;
  auth: string;
}

export interface FakePushService {
  /** `https://localhost:<port>`. */
  url: string;
  /** `localhost:<port>`, as PUSH_SERVICE_HOSTS names it. */
  host: string;
  /** The self-signed certificate's file, for NODE_EXTRA_CA_CERTS. */
  certificateFile: string;
  received: ReceivedPush[];
  /** Sets the answers to a path, one a POST, the last one for good; 201 unless told. */
  answer(path: string, ...answers: PushAnswer[]): void;
  subscription(): BrowserSubscription;
  /** Waits for a POST to the path, up to `timeoutMs`. */
  next(path: string, timeoutMs?: number): Promise<ReceivedPush>;
  close(): Promise<void>;
}

/** Reads a message as the browser does: RFC 8291, with the device's private key and secret. */
export function decryptPush(body: Buffer, device: BrowserSubscription): unknown {
  const text = ece.decrypt(body, {
    version: 'aes128gcm',
    privateKey: device.ecdh,
    authSecret: device.auth,
  });
  return JSON.parse(text.toString('utf8')) as unknown;
}

/**
 * A push service of the test's own on https loopback: records every POST and answers each
 * device's path as told.
 */
export async function startFakePushService(): Promise<FakePushService> {
  const folder = mkdtempSync(path.join(tmpdir(), 'sewa-push-'));
  const files = selfSignedCertificate(folder);
  const received: ReceivedPush[] = [];
  const answers = new Map<string, PushAnswer[]>();
  const waiting: { path: string; resolve(push: ReceivedPush): void }[] = [];

  const server: Server = createServer(
    { key: readFileSync(files.key), cert: readFileSync(files.cert) },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const push = {
          path: request.url ?? '',
          headers: request.headers,
          body: Buffer.concat(chunks),
        };
        if (request.method === 'POST') {
          received.push(push);
          for (const waiter of waiting.filter((each) => each.path === push.path)) {
            waiting.splice(waiting.indexOf(waiter), 1);
            waiter.resolve(push);
          }
        }
        const queued = answers.get(push.path) ?? [];
        const answer = (queued.length > 1 ? queued.shift() : queued[0]) ?? { status: 201 };
        setTimeout(() => {
          if (!response.destroyed) response.writeHead(answer.status).end();
        }, answer.delayMs ?? 0);
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `https://localhost:${port}`;

  return {
    url,
    host: `localhost:${port}`,
    certificateFile: files.cert,
    received,
    answer(devicePath, ...answer) {
      answers.set(devicePath, answer);
    },
    subscription() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      const devicePath = `/push/${randomUUID()}`;
      return {
        json: {
          endpoint: `${url}${devicePath}`,
          expirationTime: null,
          keys: { p256dh: ecdh.getPublicKey('base64url'), auth },
        },
        path: devicePath,
        ecdh,
        auth,
      };
    },
    next(devicePath, timeoutMs = 10_000) {
      const already = received.find((push) => push.path === devicePath);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no push to ${devicePath} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiting.push({
          path: devicePath,
          resolve: (push) => {
            clearTimeout(timer);
            resolve(push);
          },
        });
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
