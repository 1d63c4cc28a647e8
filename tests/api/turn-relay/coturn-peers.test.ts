import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { turnCredentialTtlSeconds } from '../../../shared/visits';
import { iceServersFor } from '../../../server/src/visits/turn-credentials';
import { startCoturn, type Coturn } from '../../../e2e/support/coturn';
import { openRelay, type TurnAnswer } from '../support/turn-client';
import { freePort } from '../support/test-server';

const hasCoturn = spawnSync('turnserver', ['--version']).status === 0;

/** The configuration the deployment guide ships. */
const shipped = readFileSync(path.resolve('deploy/coturn/turnserver.conf'), 'utf8');

/** The shipped file's settings that name this machine: replaced by the test's own. */
const machineSettings = new Set([
  'listening-port',
  'tls-listening-port',
  'min-port',
  'max-port',
  'static-auth-secret',
  'realm',
  'syslog',
]);

interface Relay {
  port: number;
  secret: string;
  stop(): Promise<void>;
}

/** coturn on loopback, running the shipped file with only its machine's settings changed. */
async function startShippedCoturn(): Promise<Relay> {
  const directory = mkdtempSync(path.join(tmpdir(), 'sewa-coturn-shipped-'));
  const port = await freePort();
  const secret = randomBytes(24).toString('hex');
  const minPort = 30_000 + Math.floor(Math.random() * 90) * 100;
  const kept = shipped
    .split('\n')
    .filter((line) => !machineSettings.has(line.split('=')[0]!.trim()));
  const config = [
    ...kept,
    'listening-ip=127.0.0.1',
    'listening-ip=::1',
    'relay-ip=127.0.0.1',
    'relay-ip=::1',
    `listening-port=${port}`,
    `min-port=${minPort}`,
    `max-port=${minPort + 99}`,
    `static-auth-secret=${secret}`,
    'realm=sewa.test',
    'no-tls',
    'no-dtls',
    `pidfile=${path.join(directory, 'turnserver.pid')}`,
    'log-file=stdout',
  ].join('\n');
  const file = path.join(directory, 'turnserver.conf');
  writeFileSync(file, `${config}\n`);
  const child: ChildProcess = spawn('turnserver', ['-c', file], { stdio: 'ignore' });
  // coturn answers UDP once it is up; the first Allocate is retried until then.
  return {
    port,
    secret,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** Opens a relay with a credential the app server mints for a visit, and asks for `peer`. */
async function permit(
  relay: { host: string; port: number; secret: string },
  peer: string,
  family: 'ipv4' | 'ipv6' = 'ipv4',
): Promise<TurnAnswer> {
  const [server] = iceServersFor({ urls: ['turn:relay'], secret: relay.secret }, randomUUID());
  const session = await openRelay({
    host: relay.host,
    port: relay.port,
    username: server!.username!,
    credential: server!.credential!,
    family,
  });
  try {
    return await session.permit(peer);
  } finally {
    await session.close();
  }
}

const forbidden = { status: 403, reason: 'Forbidden IP' };
const allowed = { status: 200, reason: 'OK' };

describe.runIf(hasCoturn)('the shipped coturn configuration (deploy/coturn)', () => {
  let relay: Relay;
  let testRelay: Coturn;
  beforeAll(async () => {
    relay = await startShippedCoturn();
    testRelay = await startCoturn();
  });
  afterAll(async () => {
    await relay.stop();
    await testRelay.stop();
  });

  const shippedAt = (host: string) => ({ host, port: relay.port, secret: relay.secret });

  it('never lets a relay reach loopback, private, shared, link-local or special IPv4 peers', async () => {
    const peers = [
      '127.0.0.1', // this machine
      '127.10.0.5',
      '10.0.0.7', // RFC 1918: the database, the object store, the app servers
      '172.16.4.2',
      '172.31.255.254',
      '192.168.1.1',
      '100.64.0.1', // carrier-grade NAT (RFC 6598)
      '169.254.169.254', // link-local: a cloud's metadata service
      '0.0.0.0',
      '192.0.0.8',
      '198.18.0.1', // benchmarking
      '192.0.2.1', // documentation
      '224.0.0.1', // multicast
      '239.255.255.250',
      '240.0.0.1', // reserved
      '255.255.255.255', // broadcast
    ];
    for (const peer of peers) {
      expect({ peer, ...(await permit(shippedAt('127.0.0.1'), peer)) }).toEqual({
        peer,
        ...forbidden,
      });
    }
  });

  it('never lets a relay reach loopback, unique-local, link-local, mapped or multicast IPv6 peers', async () => {
    const peers = [
      '::1',
      '::',
      'fd12:3456:789a::1', // unique local (ULA)
      'fe80::1', // link-local
      'ff02::1', // multicast
      '::ffff:10.0.0.7', // IPv4-mapped private
      '64:ff9b::a00:7', // NAT64 of 10.0.0.7
      '2002:a00:7::1', // 6to4 of 10.0.0.7
      '2001:db8::1', // documentation
    ];
    for (const peer of peers) {
      expect({ peer, ...(await permit(shippedAt('::1'), peer, 'ipv6')) }).toEqual({
        peer,
        ...forbidden,
      });
    }
  });

  it('relays to public addresses, which is what calls need', async () => {
    expect(await permit(shippedAt('127.0.0.1'), '8.8.8.8')).toEqual(allowed);
    expect(await permit(shippedAt('127.0.0.1'), '203.0.114.1')).toEqual(allowed);
    expect(await permit(shippedAt('::1'), '2001:4860:4860::8888', 'ipv6')).toEqual(allowed);
  });

  it('refuses a credential older than its 15 minutes', async () => {
    const minted = new Date(Date.now() - (turnCredentialTtlSeconds + 60) * 1000);
    const [server] = iceServersFor(
      { urls: ['turn:relay'], secret: relay.secret },
      randomUUID(),
      minted,
    );
    await expect(
      openRelay({
        host: '127.0.0.1',
        port: relay.port,
        username: server!.username!,
        credential: server!.credential!,
      }),
    ).rejects.toThrow(/refused the relay: 401/);
  });

  it('is not what the browser tests run: their coturn relays between loopback peers', async () => {
    const url = new URL(testRelay.url.replace(/^turn:/, 'turn://'));
    const test = { host: url.hostname, port: Number(url.port), secret: testRelay.secret };
    expect(await permit(test, '127.0.0.1')).toEqual(allowed);
  });
});
