import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

/** coturn, started by the test on loopback with a configuration of its own. */
export interface Coturn {
  /** What the app server's `TURN_URLS` names. */
  url: string;
  /** The shared secret of coturn's time-limited credentials: the app server's `TURN_SECRET`. */
  secret: string;
  /** Kills the server (every relayed call drops) and starts it again on the same port. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Whether coturn answers a STUN Binding request on its UDP port, the transport the calls use
 * (`?transport=udp`): its TCP listener can be up a moment before, or after, the UDP one.
 */
function answersStun(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createSocket('udp4');
    const transaction = randomBytes(12);
    // Binding request (type 1), no attributes, the magic cookie, and the transaction id.
    const request = Buffer.concat([
      Buffer.from([0x00, 0x01, 0x00, 0x00, 0x21, 0x12, 0xa4, 0x42]),
      transaction,
    ]);
    let finished = false;
    const done = (answered: boolean) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      socket.close();
      resolve(answered);
    };
    const timer = setTimeout(() => done(false), 500);
    socket.on('message', (message) => {
      // A Binding success response (type 0x0101) to this transaction.
      if (
        message.length >= 20 &&
        message.readUInt16BE(0) === 0x0101 &&
        message.subarray(8, 20).equals(transaction)
      ) {
        done(true);
      }
    });
    socket.on('error', () => done(false));
    socket.send(request, port, '127.0.0.1');
  });
}

export async function startCoturn(): Promise<Coturn> {
  const directory = mkdtempSync(path.join(tmpdir(), 'sewa-coturn-'));
  const port = await freePort();
  const secret = randomBytes(24).toString('hex');
  // A relay port range of this run's own, away from other runs on the machine.
  const minPort = 40_000 + Math.floor(Math.random() * 200) * 100;
  const config = [
    'listening-ip=127.0.0.1',
    'relay-ip=127.0.0.1',
    `listening-port=${port}`,
    `min-port=${minPort}`,
    `max-port=${minPort + 99}`,
    'use-auth-secret',
    `static-auth-secret=${secret}`,
    'realm=sewa.test',
    'fingerprint',
    'no-tls',
    'no-dtls',
    'no-cli',
    // Both browsers are on this machine: the relay must reach loopback peers.
    'allow-loopback-peers',
    'no-multicast-peers',
    `pidfile=${path.join(directory, 'turnserver.pid')}`,
    'log-file=stdout',
    'simple-log',
  ].join('\n');
  const configFile = path.join(directory, 'turnserver.conf');
  writeFileSync(configFile, `${config}\n`);
  const start = async (): Promise<ChildProcess> => {
    const child = spawn('turnserver', ['-c', configFile], { stdio: 'ignore' });
    const started = Date.now();
    while (!(await answersStun(port))) {
      if (child.exitCode !== null) throw new Error('coturn stopped during start');
      if (Date.now() - started > 15_000) throw new Error('coturn did not start in 15 s');
    }
    return child;
  };
  const kill = async (child: ChildProcess) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  let child = await start();
  return {
    url: `turn:127.0.0.1:${port}?transport=udp`,
    secret,
    async restart() {
      await kill(child);
      child = await start();
    },
    async stop() {
      await kill(child);
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
