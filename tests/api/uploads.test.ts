import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword, seedDemoUsers } from '../../server/src/auth/demo-users';
import { profilesRepository } from '../../server/src/profiles/profiles-repository';
import type { Client } from './auth/client';
import {
  signedIn,
  signUpAndConfirm,
  startAuthWorld,
  uniqueEmail,
  type AuthWorld,
} from './auth/fixture';
import { jpeg, png } from './support/photo-bytes';
import { photoStorageVariants, type StartedPhotoStorage } from './support/photo-storage-variants';
import { databaseVariants } from './support/test-server';

interface Upload {
  id: string;
  contentType: string;
  byteSize: number;
  createdAt: string;
  url: string;
}

const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

async function put(
  world: AuthWorld,
  client: Client | null,
  id: string,
  body: Buffer,
  contentType = 'image/jpeg',
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${world.server.url}/api/uploads/${id}`, {
    method: 'PUT',
    headers: {
      origin: world.server.url,
      'content-type': contentType,
      ...(client ? { cookie: client.cookieHeader() } : {}),
      ...headers,
    },
    body,
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
}

async function content(world: AuthWorld, client: Client | null, id: string) {
  return fetch(`${world.server.url}/api/uploads/${id}/content`, {
    headers: client ? { cookie: client.cookieHeader() } : {},
  });
}

const variants = databaseVariants.flatMap((database) =>
  photoStorageVariants.map((storage) => ({ database, storage })),
);

describe.each(variants)('uploaded photos ($database.name database, $storage.name)', (variant) => {
  let storage: StartedPhotoStorage;
  let world: AuthWorld;
  let patient: Client;
  let otherPatient: Client;
  let doctor: Client;
  let patientId: string;

  beforeAll(async () => {
    storage = await variant.storage.start();
    world = await startAuthWorld(variant.database, storage.env);
    const db = world.server.database.db;
    await seedDemoUsers(world.server.auth, db, profilesRepository(db));
    const [first, second] = [uniqueEmail('photos'), uniqueEmail('photos-other')];
    await signUpAndConfirm(world, first);
    await signUpAndConfirm(world, second);
    patient = await signedIn(world, first);
    otherPatient = await signedIn(world, second);
    doctor = await signedIn(world, 'doctor@example.com', demoPassword);
    patientId = (await patient.get<{ user: { id: string } }>('/api/me')).body.user.id;
  }, 60_000);

  afterAll(async () => {
    await world.close();
    await storage.stop();
  });

  /** Every stored copy of the patient's photos, as the storage itself lists them. */
  const storedNames = () => storage.storedNames(world.server.dataDir, patientId);

  it('stores a JPEG and a PNG and gives the owner back the same bytes', async () => {
    for (const [bytes, type] of [
      [jpeg, 'image/jpeg'],
      [png, 'image/png'],
    ] as const) {
      const id = randomUUID();
      const stored = await put(world, patient, id, bytes, type);
      expect(stored.status).toBe(201);
      expect(stored.body).toEqual({
        id,
        contentType: type,
        byteSize: bytes.length,
        createdAt: expect.any(String) as string,
        url: `/api/uploads/${id}/content`,
      });

      const fetched = await content(world, patient, id);
      expect(fetched.status).toBe(200);
      expect(fetched.headers.get('content-type')).toBe(type);
      expect(fetched.headers.get('cache-control')).toMatch(/\bprivate\b/);
      expect(fetched.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await fetched.arrayBuffer()).equals(bytes)).toBe(true);

      // One complete copy, in the owner's place, named by id and format.
      const names = await storedNames();
      expect(names.filter((name) => name.startsWith(`${id}.`))).toEqual([
        expect.stringMatching(type === 'image/png' ? /\.png$/ : /\.jpg$/) as string,
      ]);
      expect(names.filter((name) => name.endsWith('.tmp'))).toEqual([]);
    }
  });

  it('judges a photo by its content, whatever its declared type', async () => {
    // A PNG sent as image/jpeg is still a PNG, and stored as one.
    const id = randomUUID();
    const stored = await put(world, patient, id, png, 'image/jpeg');
    expect(stored.status).toBe(201);
    expect((stored.body as Upload).contentType).toBe('image/png');

    for (const [bytes, type] of [
      [pdf, 'image/jpeg'],
      [pdf, 'application/pdf'],
      [Buffer.from('just some words, not a photo'), 'image/jpeg'],
      [Buffer.from('plain text'), 'text/plain'],
      [Buffer.from('{"photo":true}'), 'application/json'],
      [Buffer.alloc(0), 'image/png'],
    ] as const) {
      const refused = await put(world, patient, randomUUID(), bytes, type);
      expect(refused.status, `${type}: ${bytes.subarray(0, 12).toString()}`).toBe(415);
      expect(refused.body).toEqual({
        error: {
          code: 'unsupported_media_type',
          message: 'Only JPEG or PNG photos can be uploaded.',
        },
      });
    }
  });

  it('refuses a photo over 10 MB and keeps nothing of it', async () => {
    const id = randomUUID();
    const huge = Buffer.concat([jpeg.subarray(0, 4), Buffer.alloc(10 * 1024 * 1024)]);
    const refused = await put(world, patient, id, huge);
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual({
      error: { code: 'payload_too_large', message: 'Photos can be at most 10 MB.' },
    });
    expect((await content(world, patient, id)).status).toBe(404);
    expect((await storedNames()).filter((name) => name.startsWith(`${id}.`))).toEqual([]);

    // Exactly 10 MB is allowed.
    const limit = Buffer.concat([jpeg, Buffer.alloc(10 * 1024 * 1024 - jpeg.length)]);
    const accepted = await put(world, patient, randomUUID(), limit);
    expect(accepted.status).toBe(201);
    expect((accepted.body as Upload).byteSize).toBe(10 * 1024 * 1024);
  });

  it('stores a photo sent again under the same id once', async () => {
    const id = randomUUID();
    expect((await put(world, patient, id, jpeg)).status).toBe(201);
    const again = await put(world, patient, id, jpeg);
    expect(again.status).toBe(200);
    expect((again.body as Upload).id).toBe(id);

    const list = (await patient.get<Upload[]>('/api/uploads')).body;
    expect(list.filter((upload) => upload.id === id)).toHaveLength(1);

    // Another account cannot take over the id.
    const taken = await put(world, otherPatient, id, png, 'image/png');
    expect(taken.status).toBe(409);
    expect(Buffer.from(await (await content(world, patient, id)).arrayBuffer()).equals(jpeg)).toBe(
      true,
    );
  });

  it('keeps one file when one id arrives twice at once in two formats, and serves that one', async () => {
    const ids = Array.from({ length: 4 }, () => randomUUID());
    const answers = await Promise.all(
      ids.map((id) =>
        Promise.all([put(world, patient, id, jpeg), put(world, patient, id, png, 'image/png')]),
      ),
    );
    const files = await storedNames();
    expect(files.filter((name) => name.endsWith('.tmp'))).toEqual([]);
    for (const [index, id] of ids.entries()) {
      const [asJpeg, asPng] = answers[index]!;
      expect([asJpeg.status, asPng.status].sort()).toEqual([200, 201]);
      // Both senders are told the same story: the copy that was kept.
      expect(asJpeg.body).toEqual(asPng.body);
      const kept = asJpeg.body as Upload;

      const stored = files.filter((name) => name.startsWith(`${id}.`));
      expect(stored, `files of ${id}`).toEqual([
        expect.stringMatching(kept.contentType === 'image/png' ? /\.png$/ : /\.jpg$/) as string,
      ]);
      const fetched = await content(world, patient, id);
      expect(fetched.headers.get('content-type')).toBe(kept.contentType);
      const bytes = Buffer.from(await fetched.arrayBuffer());
      expect(bytes.equals(kept.contentType === 'image/png' ? png : jpeg)).toBe(true);
      expect(bytes.length).toBe(kept.byteSize);
    }
  });

  it('lets the owner and a doctor fetch a photo, and no one else', async () => {
    const id = randomUUID();
    await put(world, patient, id, jpeg);

    const byDoctor = await content(world, doctor, id);
    expect(byDoctor.status).toBe(200);
    expect(Buffer.from(await byDoctor.arrayBuffer()).equals(jpeg)).toBe(true);

    const byOther = await content(world, otherPatient, id);
    const missing = await content(world, otherPatient, randomUUID());
    expect(byOther.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(await byOther.json()).toEqual(await missing.json());

    const anonymous = await content(world, null, id);
    expect(anonymous.status).toBe(401);
  });

  it('lists only the caller’s photos, newest first', async () => {
    const mine = (await patient.get<Upload[]>('/api/uploads')).body;
    expect(mine.length).toBeGreaterThan(0);
    const times = mine.map((upload) => Date.parse(upload.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const theirsId = randomUUID();
    await put(world, otherPatient, theirsId, png, 'image/png');
    const theirs = (await otherPatient.get<Upload[]>('/api/uploads')).body;
    expect(theirs.map((upload) => upload.id)).toEqual([theirsId]);
    const mineAgain = (await patient.get<Upload[]>('/api/uploads')).body;
    expect(mineAgain.map((upload) => upload.id)).not.toContain(theirsId);
    expect((await doctor.get<Upload[]>('/api/uploads')).body).toEqual([]);
  });

  it('refuses callers without a session, bad ids, and a photo queued by another account', async () => {
    const id = randomUUID();
    const anonymous = await put(world, null, id, jpeg);
    expect(anonymous.status).toBe(401);
    expect((anonymous.body as { error: { code: string } }).error.code).toBe('unauthorized');
    expect((await fetch(`${world.server.url}/api/uploads`)).status).toBe(401);

    for (const bad of ['not-a-uuid', '..%2F..%2Fetc', '123']) {
      const refused = await put(world, patient, bad, jpeg);
      expect(refused.status, bad).toBe(400);
      expect((refused.body as { error: { code: string } }).error.code).toBe('validation_failed');
    }

    const wrongOwner = await put(world, patient, id, jpeg, 'image/jpeg', {
      'x-upload-owner': 'someone-else',
    });
    expect(wrongOwner.status).toBe(409);
    expect((await content(world, patient, id)).status).toBe(404);
    const rightOwner = await put(world, patient, id, jpeg, 'image/jpeg', {
      'x-upload-owner': patientId,
    });
    expect(rightOwner.status).toBe(201);
  });
});
