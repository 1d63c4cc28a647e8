// The fork of s3rver ships no types; these are the few parts the tests use.
declare module '@20minutes/s3rver' {
  import type { Server } from 'node:http';
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    configureBuckets?: { name: string }[];
  }

  export default class S3rver {
    constructor(options?: S3rverOptions);
    httpServer: Server | undefined;
    store: {
      listObjects(
        bucket: string,
        options: { prefix?: string },
      ): Promise<{ objects: { key: string }[] }>;
    };
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
