import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoStorageQuotaBytes, photoUploadsPerWindow } from '../../shared/uploads';
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
import { cameraMake, jpeg, namesGpsDirectory, phonePhoto, png } from './support/photo-bytes';
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

/** Fetches a photo where its answer said it is. */
async function content(world: AuthWorld, client: Client | null, url: string) {
  return fetch(`${world.server.url}${url}`, {
    headers: client ? { cookie: client.cookieHeader() } : {},
  });
}

async function bytesAt(world: AuthWorld, client: Client, url: string): Promise<Buffer> {
  const response = await content(world, client, url);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** A photo's URL when nothing was stored under the id: where a stored one would be. */
const unstoredUrl = (id: string) => `/api/uploads/${id}/content`;

const notAPhoto = {
  error: { code: 'unsupported_media_type', message: 'Only JPEG or PNG photos can be uploaded.' },
};

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

  /** A new patient of their own, signed in, with their account id. */
  async function newPatient(label: string): Promise<{ client: Client; id: string }> {
    const email = uniqueEmail(label);
    await signUpAndConfirm(world, email);
    const client = await signedIn(world, email);
    return { client, id: (await client.get<{ user: { id: string } }>('/api/me')).body.user.id };
  }

  beforeAll(async () => {
    storage = await variant.storage.start();
    world = await startAuthWorld(variant.database, storage.env);
    const db = world.server.database.db;
    await seedDemoUsers(world.server.auth, db, profilesRepository(db));
    ({ client: patient, id: patientId } = await newPatient('photos'));
    ({ client: otherPatient } = await newPatient('photos-other'));
    doctor = await signedIn(world, 'doctor@example.com', demoPassword);
  }, 180_000);

  afterAll(async () => {
    await world.close();
    await storage.stop();
  });

  /** Every stored copy of the patient's photos, as the storage itself lists them. */
  const storedNames = (ownerId = patientId) => storage.storedNames(world.server.dataDir, ownerId);

  it('stores a JPEG and a PNG as such, and gives the owner back the bytes it stored', async () => {
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
        byteSize: expect.any(Number) as number,
        createdAt: expect.any(String) as string,
        url: expect.stringMatching(/^\/api\/uploads\/[0-9a-f-]{36}\/content$/) as string,
      });
      const { url, byteSize } = stored.body as Upload;

      const fetched = await content(world, patient, url);
      expect(fetched.status).toBe(200);
      expect(fetched.headers.get('content-type')).toBe(type);
      expect(fetched.headers.get('cache-control')).toMatch(/\bprivate\b/);
      expect(fetched.headers.get('x-content-type-options')).toBe('nosniff');
      const photo = Buffer.from(await fetched.arrayBuffer());
      expect(photo.length).toBe(byteSize);
      const { format, width, height } = await sharp(photo).metadata();
      expect({ format, width, height }).toEqual({
        format: type === 'image/png' ? 'png' : 'jpeg',
        width: 1,
        height: 1,
      });

      // One complete copy, in the owner's place, named by id and format.
      const names = await storedNames();
      expect(names.filter((name) => name.startsWith(`${id}.`))).toEqual([
        expect.stringMatching(type === 'image/png' ? /\.png$/ : /\.jpg$/) as string,
      ]);
      expect(names.filter((name) => name.endsWith('.tmp'))).toEqual([]);
    }
  });

  it('stores a phone photo upright, without where it was taken or any other metadata', async () => {
    for (const format of ['jpeg', 'png'] as const) {
      const sent = await phonePhoto(format);
      const before = await sharp(sent).metadata();
      expect(namesGpsDirectory(before.exif ?? Buffer.alloc(0))).toBe(true);
      expect(before).toMatchObject({ width: 3, height: 2, orientation: 6 });

      const stored = await put(world, patient, randomUUID(), sent, `image/${format}`);
      expect(stored.status).toBe(201);
      const photo = await bytesAt(world, patient, (stored.body as Upload).url);
      const after = await sharp(photo).metadata();
      // Turned as the orientation said, so it needs no orientation any more.
      expect(after).toMatchObject({ format, width: 2, height: 3 });
      expect(after.orientation).toBeUndefined();
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.icc).toBeUndefined();
      expect(photo.includes('Exif')).toBe(false);
      expect(photo.includes(cameraMake)).toBe(false);
      expect(photo.length).toBe((stored.body as Upload).byteSize);
    }
  });

  it('drops whatever follows the image', async () => {
    const secret = `hidden-${randomUUID()}`;
    const stored = await put(
      world,
      patient,
      randomUUID(),
      Buffer.concat([jpeg, Buffer.from(secret)]),
    );
    expect(stored.status).toBe(201);
    const photo = await bytesAt(world, patient, (stored.body as Upload).url);
    expect(photo.includes(secret)).toBe(false);
    expect(photo.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
  });

  it('judges a photo by its content, whatever its declared type, and refuses what does not decode', async () => {
    // Each refusal counts against the sender's rate, as a photo would.
    const { client: sender, id: senderId } = await newPatient('photos-content');
    // A PNG sent as image/jpeg is still a PNG, and stored as one.
    const stored = await put(world, sender, randomUUID(), png, 'image/jpeg');
    expect(stored.status).toBe(201);
    expect((stored.body as Upload).contentType).toBe('image/png');

    const jpegHeader = jpeg.subarray(0, 4);
    for (const [bytes, type] of [
      [pdf, 'image/jpeg'],
      [pdf, 'application/pdf'],
      [Buffer.from('just some words, not a photo'), 'image/jpeg'],
      [Buffer.from('plain text'), 'text/plain'],
      [Buffer.from('{"photo":true}'), 'application/json'],
      [Buffer.alloc(0), 'image/png'],
      // A JPEG's or PNG's first bytes followed by anything else.
      [Buffer.concat([jpegHeader, Buffer.alloc(64 * 1024)]), 'image/jpeg'],
      [Buffer.concat([jpegHeader, randomBytes(64 * 1024)]), 'image/jpeg'],
      [Buffer.concat([png.subarray(0, 16), randomBytes(64 * 1024)]), 'image/png'],
      // A photo cut short.
      [jpeg.subarray(0, jpeg.length - 8), 'image/jpeg'],
    ] as const) {
      const id = randomUUID();
      const refused = await put(world, sender, id, bytes, type);
      expect(refused.status, `${type}: ${bytes.subarray(0, 12).toString('hex')}`).toBe(415);
      expect(refused.body).toEqual(notAPhoto);
      expect((await storedNames(senderId)).filter((name) => name.startsWith(`${id}.`))).toEqual([]);
    }
  });

  it('refuses a photo that claims more pixels than any phone takes before decoding it', async () => {
    // A PNG of 10000×10000 one colour: a few hundred kilobytes that would decode to 300 MB.
    const bomb = await sharp({
      create: { width: 10_000, height: 10_000, channels: 3, background: '#fff' },
    })
      .png()
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const refused = await put(world, patient, randomUUID(), bomb, 'image/png');
    expect(refused.status).toBe(415);
    expect(refused.body).toEqual(notAPhoto);
  }, 30_000);

  it('refuses a photo over 10 MB and keeps nothing of it', async () => {
    const id = randomUUID();
    const huge = Buffer.concat([jpeg.subarray(0, 4), Buffer.alloc(10 * 1024 * 1024)]);
    const refused = await put(world, patient, id, huge);
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual({
      error: { code: 'payload_too_large', message: 'Photos can be at most 10 MB.' },
    });
    expect((await content(world, patient, unstoredUrl(id))).status).toBe(404);
    expect((await storedNames()).filter((name) => name.startsWith(`${id}.`))).toEqual([]);

    // Exactly 10 MB is allowed; what is stored and counted is the photo, not the padding.
    const limit = Buffer.concat([jpeg, Buffer.alloc(10 * 1024 * 1024 - jpeg.length)]);
    const accepted = await put(world, patient, randomUUID(), limit);
    expect(accepted.status).toBe(201);
    expect((accepted.body as Upload).byteSize).toBeLessThan(1024);
  });

  it('stores a photo sent again under the same id once', async () => {
    const id = randomUUID();
    const first = await put(world, patient, id, jpeg);
    expect(first.status).toBe(201);
    const again = await put(world, patient, id, png, 'image/png');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);

    const list = (await patient.get<Upload[]>('/api/uploads')).body;
    expect(list.filter((upload) => upload.id === id)).toHaveLength(1);
  });

  it('treats an id another account used as a fresh one, telling neither anything of the other', async () => {
    const id = randomUUID();
    const mine = await put(world, patient, id, jpeg);
    expect(mine.status).toBe(201);
    const myPhoto = await bytesAt(world, patient, (mine.body as Upload).url);

    // The same answer as for an id nobody used: a photo of the other account's own.
    const fresh = await put(world, otherPatient, randomUUID(), png, 'image/png');
    const theirs = await put(world, otherPatient, id, png, 'image/png');
    expect(theirs.status).toBe(fresh.status);
    expect(theirs.status).toBe(201);
    expect(Object.keys(theirs.body as Upload).sort()).toEqual(
      Object.keys(fresh.body as Upload).sort(),
    );
    const theirUpload = theirs.body as Upload;
    expect(theirUpload).toMatchObject({ id, contentType: 'image/png' });
    expect(theirUpload.url).not.toBe((mine.body as Upload).url);

    // Each reads their own photo under the id, and the first is untouched; a doctor who does
    // not care for the other account reads nothing of theirs.
    expect(
      (await sharp(await bytesAt(world, otherPatient, theirUpload.url)).metadata()).format,
    ).toBe('png');
    expect((await bytesAt(world, patient, (mine.body as Upload).url)).equals(myPhoto)).toBe(true);
    expect((await content(world, otherPatient, (mine.body as Upload).url)).status).toBe(404);
    expect((await content(world, patient, theirUpload.url)).status).toBe(404);
    expect((await content(world, doctor, theirUpload.url)).status).toBe(404);
    expect((await patient.get<Upload[]>('/api/uploads')).body).toContainEqual(mine.body);
  });

  it('keeps one file when one id arrives twice at once in two formats, and serves that one', async () => {
    const { client: sender, id: senderId } = await newPatient('photos-race');
    const ids = Array.from({ length: 4 }, () => randomUUID());
    const answers = await Promise.all(
      ids.map((id) =>
        Promise.all([put(world, sender, id, jpeg), put(world, sender, id, png, 'image/png')]),
      ),
    );
    const files = await storedNames(senderId);
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
      const fetched = await content(world, sender, kept.url);
      expect(fetched.headers.get('content-type')).toBe(kept.contentType);
      const bytes = Buffer.from(await fetched.arrayBuffer());
      expect((await sharp(bytes).metadata()).format).toBe(
        kept.contentType === 'image/png' ? 'png' : 'jpeg',
      );
      expect(bytes.length).toBe(kept.byteSize);
    }
  });

  it('lets the owner and a doctor caring for them fetch a photo, and no one else', async () => {
    const stored = await put(world, patient, randomUUID(), jpeg);
    const { url } = stored.body as Upload;
    const photo = await bytesAt(world, patient, url);

    // A doctor with no care relationship meets a missing photo; starting a visit of the
    // patient's makes one.
    expect((await content(world, doctor, url)).status).toBe(404);
    const visit = await patient.post<{ id: string }>('/api/visits', {});
    expect((await doctor.post(`/api/visits/${visit.body.id}/start`)).status).toBe(200);
    const byDoctor = await content(world, doctor, url);
    expect(byDoctor.status).toBe(200);
    expect(Buffer.from(await byDoctor.arrayBuffer()).equals(photo)).toBe(true);

    const byOther = await content(world, otherPatient, url);
    const missing = await content(world, otherPatient, unstoredUrl(randomUUID()));
    expect(byOther.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(await byOther.json()).toEqual(await missing.json());

    const anonymous = await content(world, null, url);
    expect(anonymous.status).toBe(401);
  });

  it('lists only the caller’s photos, newest first', async () => {
    const mine = (await patient.get<Upload[]>('/api/uploads')).body;
    expect(mine.length).toBeGreaterThan(0);
    const times = mine.map((upload) => Date.parse(upload.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const { client: newcomer } = await newPatient('photos-list');
    const theirsId = randomUUID();
    await put(world, newcomer, theirsId, png, 'image/png');
    const theirs = (await newcomer.get<Upload[]>('/api/uploads')).body;
    expect(theirs.map((upload) => upload.id)).toEqual([theirsId]);
    const mineAgain = (await patient.get<Upload[]>('/api/uploads')).body;
    expect(mineAgain.map((upload) => upload.url)).not.toContain(theirs[0]!.url);
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
    expect((await patient.get<Upload[]>('/api/uploads')).body.map((u) => u.id)).not.toContain(id);
    const rightOwner = await put(world, patient, id, jpeg, 'image/jpeg', {
      'x-upload-owner': patientId,
    });
    expect(rightOwner.status).toBe(201);
  });

  it('takes a limited number of new photos from one account at a time; a resend is free', async () => {
    const { client: sender, id: senderId } = await newPatient('photos-rate');
    const ids = Array.from({ length: photoUploadsPerWindow }, () => randomUUID());
    for (const id of ids) expect((await put(world, sender, id, jpeg)).status).toBe(201);

    const id = randomUUID();
    const response = await fetch(`${world.server.url}/api/uploads/${id}`, {
      method: 'PUT',
      headers: {
        origin: world.server.url,
        'content-type': 'image/jpeg',
        cookie: sender.cookieHeader(),
      },
      body: jpeg,
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await response.json()).toEqual({
      error: {
        code: 'rate_limited',
        message: expect.stringMatching(
          /^Too many photos sent\. Please try again in \d+ minutes?\.$/,
        ) as string,
      },
    });
    expect((await storedNames(senderId)).filter((name) => name.startsWith(`${id}.`))).toEqual([]);

    // A photo the server has already is answered as before; another account is not held up.
    expect((await put(world, sender, ids[0]!, jpeg)).status).toBe(200);
    expect((await put(world, otherPatient, randomUUID(), jpeg)).status).toBe(201);
  }, 180_000);

  it('stores no more than the account’s quota, also when photos arrive at once', async () => {
    const { client: sender, id: senderId } = await newPatient('photos-quota');
    const first = await put(world, sender, randomUUID(), jpeg);
    expect(first.status).toBe(201);
    const photoBytes = (first.body as Upload).byteSize;

    // Photos stored earlier leave room for one more photo and a half.
    await world.server.database.db
      .insertInto('uploads')
      .values({
        id: randomUUID(),
        photo_id: randomUUID(),
        owner_id: senderId,
        content_type: 'image/jpeg',
        byte_size: photoStorageQuotaBytes - photoBytes - Math.ceil(photoBytes * 1.5),
        storage_key: `${senderId}/earlier.jpg`,
      })
      .execute();

    const ids = Array.from({ length: 4 }, () => randomUUID());
    const answers = await Promise.all(ids.map((id) => put(world, sender, id, jpeg)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 413, 413, 413]);
    const full = {
      error: {
        code: 'photo_storage_full',
        message: 'Your photos take all of the 500 MB they may use, so this photo was not stored.',
      },
    };
    for (const answer of answers.filter((a) => a.status === 413)) expect(answer.body).toEqual(full);

    // Nothing of the refused photos is kept, and the account holds no more than its quota.
    const names = await storedNames(senderId);
    const refused = ids.filter((_, index) => answers[index]!.status === 413);
    for (const id of refused) expect(names.filter((name) => name.startsWith(`${id}.`))).toEqual([]);
    const listed = (await sender.get<Upload[]>('/api/uploads')).body;
    expect(listed.reduce((sum, upload) => sum + upload.byteSize, 0)).toBeLessThanOrEqual(
      photoStorageQuotaBytes,
    );
    expect((await put(world, sender, randomUUID(), jpeg)).body).toEqual(full);
  }, 180_000);
});
