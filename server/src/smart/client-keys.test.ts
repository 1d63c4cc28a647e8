import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { algorithmOf, publicKeyOf } from './client-keys';

/** A key pair's halves as JWKs, made the way a system's own tooling would. */
function keyPair(type: 'rsa' | 'ec', option: number | string) {
  const { publicKey, privateKey } =
    type === 'rsa'
      ? generateKeyPairSync('rsa', { modulusLength: option as number })
      : generateKeyPairSync('ec', { namedCurve: option as string });
  return {
    publicJwk: { ...publicKey.export({ format: 'jwk' }), kid: 'k1' } as Record<string, unknown>,
    privateJwk: { ...privateKey.export({ format: 'jwk' }), kid: 'k1' } as Record<string, unknown>,
  };
}

const rsa = keyPair('rsa', 2048);
const p384 = keyPair('ec', 'P-384');

describe('a system’s registered keys', () => {
  it('keeps an RS384 or ES384 public key, its public members only', async () => {
    const { n, e } = rsa.publicJwk;
    expect(await publicKeyOf({ ...rsa.publicJwk, x5c: ['…'], key_ops: ['verify'] })).toEqual({
      kty: 'RSA',
      kid: 'k1',
      n,
      e,
      alg: 'RS384',
      use: 'sig',
    });
    const { x, y } = p384.publicJwk;
    expect(await publicKeyOf({ ...p384.publicJwk, alg: 'ES384', use: 'sig' })).toEqual({
      kty: 'EC',
      kid: 'k1',
      crv: 'P-384',
      x,
      y,
      alg: 'ES384',
      use: 'sig',
    });
  });

  it('refuses a key with private parts, whatever else it is', async () => {
    expect(await publicKeyOf(rsa.privateJwk)).toEqual({ problem: 'private' });
    expect(await publicKeyOf(p384.privateJwk)).toEqual({ problem: 'private' });
    expect(await publicKeyOf({ kty: 'oct', kid: 'k1', k: 'c2VjcmV0' })).toEqual({
      problem: 'private',
    });
  });

  it('refuses a key that cannot verify RS384 or ES384', async () => {
    const refused = { problem: 'unusable' };
    expect(await publicKeyOf({ ...rsa.publicJwk, alg: 'RS256' })).toEqual(refused);
    expect(await publicKeyOf({ ...rsa.publicJwk, alg: 'ES384' })).toEqual(refused);
    expect(await publicKeyOf({ ...rsa.publicJwk, use: 'enc' })).toEqual(refused);
    expect(await publicKeyOf(keyPair('rsa', 1024).publicJwk)).toEqual(refused);
    const huge = Buffer.alloc(1025, 0xff).toString('base64url');
    expect(await publicKeyOf({ ...rsa.publicJwk, n: huge })).toEqual(refused);
    expect(await publicKeyOf(keyPair('ec', 'P-256').publicJwk)).toEqual(refused);
    expect(await publicKeyOf({ ...p384.publicJwk, y: p384.publicJwk.x })).toEqual(refused);
    expect(await publicKeyOf({ kty: 'OKP', kid: 'k1', crv: 'Ed25519', x: 'AA' })).toEqual(refused);
    expect(await publicKeyOf({ kty: 'RSA', kid: 'k1', n: 42, e: 'AQAB' })).toEqual(refused);
    expect(await publicKeyOf({ kty: 'RSA', n: rsa.publicJwk.n, e: 'AQAB' })).toEqual(refused);
  });

  it('names the algorithm each kept key verifies', () => {
    expect(algorithmOf({ kty: 'RSA' })).toBe('RS384');
    expect(algorithmOf({ kty: 'EC' })).toBe('ES384');
    expect(algorithmOf({ kty: 'OKP' })).toBeNull();
  });
});
