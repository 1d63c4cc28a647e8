import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainRetryMs } from '../../../server/src/realtime/event-streams';
import { Client } from '../auth/client';
import { jpeg } from '../support/photo-bytes';
import {
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../support/server-process';

/**
 * SIGTERM drains a server: it stops taking connections, finishes the requests it has, and
 * sends its push streams elsewhere with a short retry hint, then exits cleanly.
 */
describe('a server told to stop', () => {
  let dataDir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sewa-drain-'));
    server = await startServerProcess({ NODE_ENV: 'test', DATA_DIR: dataDir, DEMO_USERS: 'true' });
  }, 120_000);

  afterAll(async () => {
    await stopServerProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes an upload under way, ends its streams with a retry hint, and exits', async () => {
    const patient = new Client(server.url);
    const signIn = await patient.post('/api/auth/sign-in/email', {
      email: 'patient@example.com',
      password: 'demo-pass-2026',
    });
    expect(signIn.status).toBe(200);

    const stream = await fetch(`${server.url}/api/messaging/events`, {
      headers: { cookie: patient.cookieHeader() },
    });
    const streamText = stream.text();

    // A photo on a slow line: the server has its request and the start of the photo when it
    // is told to stop, and the rest comes once it is draining. The server's "100 Continue"
    // says it has the request; the push stream ending says it is draining.
    const id = crypto.randomUUID();
    const upload = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const put = request(
        `${server.url}/api/uploads/${id}`,
        {
          method: 'PUT',
          headers: {
            origin: server.url,
            cookie: patient.cookieHeader(),
            'content-type': 'image/jpeg',
            'content-length': jpeg.length,
            expect: '100-continue',
          },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      put.on('error', reject);
      put.once('continue', () => {
        put.write(jpeg.subarray(0, 40), () => {
          server.child.kill('SIGTERM');
          void streamText.then(() => put.end(jpeg.subarray(40)), reject);
        });
      });
    });
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve));

    const answer = await upload;
    expect(answer.status, answer.body).toBe(201);
    const text = await streamText;
    expect(text).toContain('event: ready');
    expect(text.trimEnd().endsWith(`retry: ${drainRetryMs}`)).toBe(true);
    expect(await exited).toBe(0);
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  }, 60_000);
});
