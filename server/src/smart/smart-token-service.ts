import {
  decodeJwt,
  errors as joseErrors,
  importJWK,
  jwtVerify,
  type JWK,
  type JWTHeaderParameters,
} from 'jose';
import {
  assertionAlgorithms,
  jwtBearerAssertionType,
  smartTokenSeconds,
  type OAuthErrorCode,
  type SmartTokenRequest,
  type SmartTokenResponse,
} from '@shared/smart';
import type { SmartClient } from '@shared/smart-clients';
import { systemAgentOf, type AuditTrail } from '../audit/audit-trail';
import { systemReader, type SystemReader } from '../fhir/fhir-reader';
import { AppError } from '../http/app-error';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import { rateLimited } from '../rate-limit/refusal';
import { algorithmOf } from './client-keys';
import type { SmartClientsRepository } from './smart-clients-repository';
import { grantedScopes } from './smart-scopes';
import type { SmartTokensRepository } from './smart-tokens-repository';
import { isSystemTokenShape, newSystemToken, systemTokenHash } from './system-token';

export interface SmartTokenServiceDeps {
  clients: SmartClientsRepository;
  tokens: SmartTokensRepository;
  trail: AuditTrail;
  limiter: RateLimiter;
  /** The token endpoint's URL on `PUBLIC_URL`: the one `aud` an assertion may name. */
  tokenUrl: string;
  /** The resource types the FHIR API serves. */
  served: readonly string[];
}

/** How far apart the client's clock and ours may be, in seconds, for `exp` and `nbf`. */
const clockSkewSeconds = 30;

/** Token requests per client address and minute: far above any system's need for a new token. */
const tokenRequestLimit = { max: 60, windowSeconds: 60 };

/** Random UUIDs, as the register gives: anything else names no client, unasked. */
const clientIdShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const oauthError = (code: OAuthErrorCode, message: string) => new AppError(code, message);

/** Why a signed assertion was refused, in words for the system's operator; never the assertion. */
function refusalOf(error: unknown): string {
  if (error instanceof AppError) return error.message;
  if (error instanceof joseErrors.JOSEAlgNotAllowed) {
    return `The client assertion must be signed with ${assertionAlgorithms.join(' or ')}.`;
  }
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) {
    return 'The client assertion’s signature does not verify with the key its kid names.';
  }
  if (error instanceof joseErrors.JWTExpired) return 'The client assertion has expired.';
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    return `The client assertion was refused: ${error.message}.`;
  }
  return 'The client assertion is not a well-formed signed JWT.';
}

/**
 * The SMART token endpoint (Backend Services: client credentials with a JWT assertion) and the
 * tokens it gives. An assertion is accepted once: signed with RS384 or ES384 by a key of the
 * client's registered set, chosen by `kid`; `iss` and `sub` the client; `aud` this server's
 * token URL exactly (from `PUBLIC_URL`, never the request's Host); `exp` present and at most 5
 * minutes ahead; `jti` never seen before for the client. A failure to authenticate is
 * `invalid_client`, as SMART asks, and is recorded when it names a registered client.
 */
export function smartTokenService(deps: SmartTokenServiceDeps) {
  const { clients, tokens, trail, tokenUrl, served } = deps;

  /** A registered client's failed authentication: recorded, and answered `invalid_client`. */
  async function refusedFor(client: SmartClient, address: string, reason: string) {
    const { agent, detail } = systemAgentOf(client.id, address);
    await trail.note({
      type: 'smart-token-issued',
      outcome: 'failure',
      agent,
      entity: { type: 'smart-client', id: client.id },
      detail: { ...detail, reason },
    });
    return oauthError('invalid_client', reason);
  }

  /** The key the assertion's header names, of the type its algorithm needs. */
  const keyOf = (client: SmartClient) => async (header: JWTHeaderParameters) => {
    const key = client.jwks.keys.find(
      (candidate) => candidate.kid === header.kid && algorithmOf(candidate) === header.alg,
    );
    if (header.kid === undefined || key === undefined) {
      throw oauthError('invalid_client', 'No key of the client’s has the assertion’s kid.');
    }
    return importJWK(key as JWK, header.alg);
  };

  /** The assertion's `exp` and `jti` once it is verified for `client`; throws what refuses it. */
  async function verified(
    client: SmartClient,
    assertion: string,
  ): Promise<{ exp: number; jti: string }> {
    const { payload } = await jwtVerify(assertion, keyOf(client), {
      algorithms: [...assertionAlgorithms],
      issuer: client.id,
      subject: client.id,
      audience: tokenUrl,
      requiredClaims: ['exp', 'jti'],
      clockTolerance: clockSkewSeconds,
    });
    const { exp, jti } = payload;
    const now = Math.floor(Date.now() / 1000);
    // `requiredClaims` holds that it is there, and jose that it is a number.
    if (typeof exp !== 'number' || exp > now + smartTokenSeconds + clockSkewSeconds) {
      throw oauthError(
        'invalid_client',
        'The client assertion’s exp is more than 5 minutes ahead.',
      );
    }
    if (typeof jti !== 'string' || jti.length === 0 || jti.length > 255) {
      throw oauthError('invalid_client', 'The client assertion’s jti must be 1 to 255 characters.');
    }
    return { exp, jti };
  }

  /** The registered, not removed, client the assertion authenticates, with its claims. */
  async function authenticated(request: SmartTokenRequest, address: string) {
    const assertion = request.client_assertion ?? '';
    let issuer: unknown;
    try {
      issuer = decodeJwt(assertion).iss;
    } catch {
      throw oauthError('invalid_client', 'The client assertion is not a JWT.');
    }
    if (request.client_id !== undefined && request.client_id !== issuer) {
      throw oauthError('invalid_client', 'client_id does not name the assertion’s issuer.');
    }
    const client =
      typeof issuer === 'string' && clientIdShape.test(issuer)
        ? await clients.active(issuer)
        : null;
    if (client === null) throw oauthError('invalid_client', 'No such client is registered.');
    try {
      return { client, claims: await verified(client, assertion) };
    } catch (error) {
      throw await refusedFor(client, address, refusalOf(error));
    }
  }

  return {
    /** `POST /fhir/R4/auth/token`: an access token for 5 minutes, or the OAuth error. */
    async issue(request: SmartTokenRequest, address: string): Promise<SmartTokenResponse> {
      const decision = await deps.limiter.hit(`smart-token:${address}`, tokenRequestLimit);
      if (!decision.allowed) throw rateLimited(decision);
      if (request.grant_type === undefined) {
        throw oauthError('invalid_request', 'grant_type is required.');
      }
      if (request.grant_type !== 'client_credentials') {
        throw oauthError('unsupported_grant_type', 'The only grant type is client_credentials.');
      }
      if (request.client_assertion_type !== jwtBearerAssertionType) {
        throw oauthError(
          'invalid_request',
          `client_assertion_type must be ${jwtBearerAssertionType}.`,
        );
      }
      if (request.client_assertion === undefined) {
        throw oauthError('invalid_request', 'client_assertion is required.');
      }
      if (request.scope === undefined || request.scope.trim() === '') {
        throw oauthError('invalid_request', 'scope is required.');
      }
      const { client, claims } = await authenticated(request, address);
      const scope = grantedScopes(request.scope, client.scopes, served);
      if (scope.length === 0) {
        throw oauthError(
          'invalid_scope',
          'None of the scopes asked for is registered for this client.',
        );
      }
      const token = newSystemToken();
      const { agent, detail } = systemAgentOf(client.id, address);
      const expiresAt = new Date((claims.exp + clockSkewSeconds) * 1000);
      const given = await trail.change(
        async () => {
          if (!(await tokens.takeAssertion(client.id, claims.jti, expiresAt))) return false;
          await tokens.addToken(
            systemTokenHash(token),
            client.id,
            scope.join(' '),
            smartTokenSeconds,
          );
          return true;
        },
        (taken) =>
          taken
            ? {
                type: 'smart-token-issued',
                agent,
                entity: { type: 'smart-client', id: client.id },
                detail: { ...detail, scope },
              }
            : null,
      );
      if (!given) {
        throw await refusedFor(
          client,
          address,
          'This client assertion was used before: sign a new one, with a jti of its own.',
        );
      }
      return {
        access_token: token,
        token_type: 'bearer',
        expires_in: smartTokenSeconds,
        scope: scope.join(' '),
      };
    },

    /** The system a token names while it lives and its client is registered; else 401. */
    async readerOf(token: string, address: string): Promise<SystemReader> {
      const live = isSystemTokenShape(token)
        ? await tokens.liveToken(systemTokenHash(token))
        : null;
      if (live === null) {
        throw new AppError(
          'unauthorized',
          'The access token is unknown or has expired, or its client was removed.',
        );
      }
      return systemReader(live.clientId, live.scope.split(' '), address);
    },
  };
}

export type SmartTokenService = ReturnType<typeof smartTokenService>;
