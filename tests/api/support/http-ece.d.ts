// http_ece (the RFC 8188 coding web-push encrypts with) ships no types; this is what the
// tests' fake push service uses to read a message as the browser would.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface DecryptParameters {
    version: 'aes128gcm';
    privateKey: ECDH;
    authSecret: string | Buffer;
  }

  export function decrypt(buffer: Buffer, parameters: DecryptParameters): Buffer;
}
