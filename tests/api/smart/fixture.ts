import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { jwtBearerAssertionType, smartTokenPath } from '@shared/smart';
import type { Database } from '../../../server/src/db/schema';

/** A system's key pair, as a hospital or a lab would make it: the public half is registered. */
export interface SystemKey {
  alg: 'RS384' | 'ES384';
  kid: string;
  privateKey: CryptoKey;
  /** The public key as a JWK, with its kid. */
  publicJwk: JWK;
  /** The whole key as a JWK: what must never be registered. */
  privateJwk: JWK;
}

export async function systemKey(
  alg: 'RS384' | 'ES384',
  kid: string = randomUUID(),
): Promise<SystemKey> {
  const { publicKey, privateKey } = await generateKeyPair(alg, { extractable: true });
  return {
    alg,
    kid,
    privateKey,
    publicJwk: { ...(await exportJWK(publicKey)), kid },
    privateJwk: { ...(await exportJWK(privateKey)), kid },
  };
}

/** The token endpoint's URL, as `aud` must name it: on the server's PUBLIC_URL. */
export const tokenUrlOf = (serverUrl: string) => new URL(smartTokenPath, serverUrl).toString();

export interface AssertionOptions {
  /** Seconds from now; 240 unless told. */
  expiresIn?: number;
  aud?: string;
  iss?: string;
  sub?: string;
  jti?: string | null;
  /** Signed with this key instead, still naming `key`'s kid. */
  signWith?: CryptoKey;
}

/** A client assertion signed as SMART Backend Services asks: RS384 or ES384, with the key's kid. */
export async function assertion(
  serverUrl: string,
  clientId: string,
  key: SystemKey,
  options: AssertionOptions = {},
): Promise<string> {
  const jti = options.jti === undefined ? randomUUID() : options.jti;
  const jwt = new SignJWT(jti === null ? {} : { jti })
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
    .setIssuer(options.iss ?? clientId)
    .setSubject(options.sub ?? clientId)
    .setAudience(options.aud ?? tokenUrlOf(serverUrl))
    .setExpirationTime(Math.floor(Date.now() / 1000) + (options.expiresIn ?? 240));
  return jwt.sign(options.signWith ?? key.privateKey);
}

/** The form a system posts for a token. */
export function tokenForm(clientAssertion: string, scope: string): Record<string, string> {
  return {
    grant_type: 'client_credentials',
    client_assertion_type: jwtBearerAssertionType,
    client_assertion: clientAssertion,
    scope,
  };
}

export interface TokenAnswer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

/** Posts a token request, form-encoded (or as it is given), from `address` when told. */
export async function requestToken(
  serverUrl: string,
  form: Record<string, string> | string,
  headers: Record<string, string> = {},
): Promise<TokenAnswer> {
  const response = await fetch(tokenUrlOf(serverUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: typeof form === 'string' ? form : new URLSearchParams(form).toString(),
  });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { text };
  }
  return { status: response.status, headers: response.headers, body };
}

/** Registers a system straight in the database, as the superadmin's route would. */
export async function registerSystem(
  db: Kysely<Database>,
  publicJwk: JWK,
  scopes: string[],
  createdBy: string,
): Promise<string> {
  const id = randomUUID();
  await sql`insert into smart_clients (id, name, jwks, scopes, created_by)
    values (${id}, ${'Matrix Lab'}, ${JSON.stringify({ keys: [publicJwk] })},
      ${JSON.stringify(scopes)}, ${createdBy})`.execute(db);
  return id;
}
