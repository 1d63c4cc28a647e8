import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from './auth/client';
import {
  signedIn,
  signUpAndConfirm,
  startAuthWorld,
  startSecondInstance,
  uniqueEmail,
  type AuthWorld,
} from './auth/fixture';
import { jpeg } from './support/photo-bytes';
import { startS3Server, type S3Server } from './support/s3-server';
import { databaseVariants } from './support/test-server';

/** Every line the server logs, as written. */
function logCollector() {
  const lines: string[] = [];
  return { lines, destination: { write: (line: string) => void lines.push(line) } };
}

async function put(url: string, client: Client, id: string) {
  const response = await fetch(`${url}/api/uploads/${id}`, {
    method: 'PUT',
    headers: { origin: url, 'content-type': 'image/jpeg', cookie: client.cookieHeader() },
    body: jpeg,
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

/** Fetches a photo where its answer said it is. */
async function content(url: string, client: Client, photoUrl: string) {
  return fetch(`${url}${photoUrl}`, { headers: { cookie: client.cookieHeader() } });
}

async function health(url: string) {
  const response = await fetch(`${url}/api/health`);
  return { status: response.status, body: await response.json() };
}

const storageDown = {
  error: {
    code: 'service_unavailable',
    message: 'Photos cannot be stored or shown at the moment. Please try again in a few seconds.',
  },
};

describe.each(databaseVariants)('photos in an object store ($name database)', (variant) => {
  const logs = logCollector();
  let s3: S3Server;
  let world: AuthWorld;
  let patient: Client;
  let patientId: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    world = await startAuthWorld(variant, s3.env, { logDestination: logs.destination });
    const email = uniqueEmail('object-store');
    await signUpAndConfirm(world, email);
    patient = await signedIn(world, email);
    patientId = (await patient.get<{ user: { id: string } }>('/api/me')).body.user.id;
  }, 180_000);

  afterAll(async () => {
    await world.close();
    await s3.stop();
  });

  it('keeps photos in the bucket, not under DATA_DIR, and says the store is reachable', async () => {
    const id = randomUUID();
    expect((await put(world.server.url, patient, id)).status).toBe(201);
    expect(await s3.keys(`uploads/${patientId}/${id}.`)).toHaveLength(1);
    expect(existsSync(path.join(world.server.dataDir, 'uploads'))).toBe(false);

    expect(await health(world.server.url)).toEqual({
      status: 200,
      body: { status: 'ok', storage: 'ok' },
    });
  });

  it('serves a photo stored by one server process from another with a DATA_DIR of its own', async () => {
    const otherDataDir = mkdtempSync(path.join(tmpdir(), 'sewa-test-other-'));
    const second = await startSecondInstance(world, variant, { ...s3.env, DATA_DIR: otherDataDir });
    try {
      const stored = await put(world.server.url, patient, randomUUID());
      expect(stored.status).toBe(201);
      const { url, byteSize } = stored.body as { url: string; byteSize: number };
      const fetched = await content(second.url, patient, url);
      expect(fetched.status).toBe(200);
      const photo = Buffer.from(await fetched.arrayBuffer());
      expect(photo.length).toBe(byteSize);
      expect(
        photo.equals(
          Buffer.from(await (await content(world.server.url, patient, url)).arrayBuffer()),
        ),
      ).toBe(true);
    } finally {
      await second.close();
      rmSync(otherDataDir, { recursive: true, force: true });
    }
  });

  // Last: the store stays down for the rest of this server's life.
  it('answers 503 for photos while the store is down, and keeps health at 200 for the database', async () => {
    const before = randomUUID();
    const kept = await put(world.server.url, patient, before);
    expect(kept.status).toBe(201);
    await s3.stop();

    expect(await health(world.server.url)).toEqual({
      status: 200,
      body: { status: 'ok', storage: 'unreachable' },
    });

    const id = randomUUID();
    const refused = await put(world.server.url, patient, id);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(refused.body).toEqual(storageDown);
    // Not recorded: the web app sends it again later under the same id.
    const listed = (await patient.get<{ id: string }[]>('/api/uploads')).body;
    expect(listed.map((upload) => upload.id)).toContain(before);
    expect(listed.map((upload) => upload.id)).not.toContain(id);

    const unreadable = await content(world.server.url, patient, (kept.body as { url: string }).url);
    expect(unreadable.status).toBe(503);
    expect(await unreadable.json()).toEqual(storageDown);

    expect(logs.lines.join('')).toContain('photo storage unavailable');
  });
});

describe('an object store that refuses our keys', () => {
  const logs = logCollector();
  const secret = `wrong-secret-${randomUUID()}`;
  let s3: S3Server;
  let world: AuthWorld | undefined;

  afterEach(async () => {
    await world?.close();
    await s3.stop();
  });

  it('is reported unreachable, refuses photos with 503, and never logs the secret', async () => {
    s3 = await startS3Server();
    world = await startAuthWorld(
      { name: 'embedded' },
      { ...s3.env, S3_SECRET_ACCESS_KEY: secret, LOG_LEVEL: 'info' },
      { logDestination: logs.destination },
    );
    const email = uniqueEmail('object-store-keys');
    await signUpAndConfirm(world, email);
    const patient = await signedIn(world, email);

    expect(await health(world.server.url)).toEqual({
      status: 200,
      body: { status: 'ok', storage: 'unreachable' },
    });
    const refused = await put(world.server.url, patient, randomUUID());
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual(storageDown);

    const logged = logs.lines.join('');
    expect(logged).toContain('photo storage unavailable');
    expect(logged).toContain('SignatureDoesNotMatch');
    expect(logged).not.toContain(secret);
  }, 180_000);
});
