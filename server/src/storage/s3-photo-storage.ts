import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { ObjectStorageConfig } from '../config';
import {
  PhotoStorageUnavailable,
  photoNameParts,
  type PhotoContent,
  type PhotoStorage,
} from './photo-storage';

/** Every photo key starts here, so a bucket shared with other data stays sorted. */
const keyPrefix = 'uploads/';

/** A key no photo ever has: asking for it shows whether the store answers, and costs nothing. */
const probeKey = `${keyPrefix}.reachable`;

/** How long a health check waits for the store. */
const probeTimeoutMs = 3_000;

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('$metadata' in error)) return undefined;
  const metadata = error.$metadata as { httpStatusCode?: number } | undefined;
  return metadata?.httpStatusCode;
}

/**
 * The SDK's errors carry the request and response they came from; only the error's name,
 * code and status go on, so that no header or signature can reach a log. A refused connection
 * must not read as the database's either (the error handler takes ECONNREFUSED for it).
 */
function storageFailure(operation: string, error: unknown): PhotoStorageUnavailable {
  const name = error instanceof Error ? error.name : 'Error';
  const code =
    typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
      ? ` ${error.code}`
      : '';
  const status = statusOf(error);
  return new PhotoStorageUnavailable(
    `object storage ${operation} failed: ${name}${code}${status === undefined ? '' : ` (HTTP ${status})`}`,
  );
}

/**
 * Photos as objects in an S3-compatible store (AWS S3, MinIO, Garage, Cloudflare R2…).
 * Each copy gets a key of its own, `uploads/<owner>/<id>.<attempt>.<ext>`: an object appears
 * only once its PUT is complete, two sends of one id never overwrite each other, and the
 * uploads row written first names the copy that is the photo. No conditional PUT is needed,
 * which not every store offers.
 */
export function s3PhotoStorage(config: ObjectStorageConfig): PhotoStorage {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint === undefined ? {} : { endpoint: config.endpoint }),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials === undefined ? {} : { credentials: config.credentials }),
    // Checksums only where S3 demands them: several compatible stores refuse the newer
    // checksum headers the SDK would otherwise add to every PUT.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
  const bucket = config.bucket;

  return {
    kind: 'object-store',

    async save(photo, bytes) {
      const { ownerId, id, extension } = photoNameParts(photo);
      const key = `${keyPrefix}${ownerId}/${id}.${randomUUID()}.${extension}`;
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: bytes,
            ContentLength: bytes.length,
            ContentType: photo.contentType,
          }),
        );
      } catch (error) {
        throw storageFailure('write', error);
      }
      return key;
    },

    async read(key): Promise<PhotoContent | null> {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const body = object.Body;
        if (!(body instanceof Readable)) throw new Error('no body');
        if (object.ContentLength === undefined) {
          body.destroy();
          throw new Error('no length');
        }
        return { stream: body, size: object.ContentLength };
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw storageFailure('read', error);
      }
    },

    async remove(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        if (statusOf(error) !== 404) throw storageFailure('delete', error);
      }
    },

    async reachable() {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: probeKey }), {
          abortSignal: AbortSignal.timeout(probeTimeoutMs),
        });
        return true;
      } catch (error) {
        // Missing is the expected answer: the store is there and let us ask.
        return statusOf(error) === 404;
      }
    },

    close() {
      client.destroy();
    },
  };
}
