import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';

/** s3rver's one built-in key pair. */
export const s3rverKeys = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3Server {
  endpoint: string;
  bucket: string;
  /** The `S3_*` settings that point a server at this store. */
  env: Record<string, string>;
  /** Every object key under a prefix, read from the store itself. */
  keys(prefix: string): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * An S3-compatible server (s3rver) on a free loopback port, keeping its objects in a
 * temporary folder, with one empty bucket.
 */
export async function startS3Server(): Promise<S3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'sewa-s3-'));
  const bucket = 'sewa-photos';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  let stopped = false;
  return {
    endpoint,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: s3rverKeys.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3rverKeys.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async keys(prefix) {
      const { objects } = await server.store.listObjects(bucket, { prefix });
      return objects.map((object) => object.key);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      // The SDK keeps its connections open; close them rather than wait for them.
      server.httpServer?.closeAllConnections();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
