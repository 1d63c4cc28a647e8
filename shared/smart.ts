import * as z from 'zod/mini';
import { fhirBasePath } from './fhir';

/**
 * SMART Backend Services on the FHIR API: a registered system trades an assertion signed with
 * its private key for a short-lived access token (OAuth 2.0 client credentials, RFC 6749 §4.4,
 * with a JWT client assertion, RFC 7523), found through the SMART configuration.
 */

/** The token endpoint; its full URL (on `PUBLIC_URL`) is what an assertion's `aud` must be. */
export const smartTokenPath = `${fhirBasePath}/auth/token`;

/** Where a client discovers the token endpoint and what it takes. */
export const smartConfigurationPath = `${fhirBasePath}/.well-known/smart-configuration`;

/** The one assertion type: a JWT signed by the client (`private_key_jwt`). */
export const jwtBearerAssertionType = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** The algorithms an assertion may be signed with: SMART's two. */
export const assertionAlgorithms = ['RS384', 'ES384'] as const;

/** How long an access token lives, and the furthest ahead an assertion's `exp` may be: 5 minutes. */
export const smartTokenSeconds = 300;

/**
 * `POST /fhir/R4/auth/token`, form-encoded. Every parameter is optional here so the endpoint can
 * answer each missing or wrong one with the OAuth error it calls for (an unknown `grant_type`
 * is `unsupported_grant_type`, not a malformed request); a parameter given twice is not a
 * string and is refused.
 */
export const smartTokenRequestSchema = z.object({
  grant_type: z.optional(z.string().check(z.maxLength(100))),
  client_assertion_type: z.optional(z.string().check(z.maxLength(200))),
  client_assertion: z.optional(z.string().check(z.maxLength(16_000))),
  scope: z.optional(z.string().check(z.maxLength(2_000))),
  /** Optional in RFC 7523; when sent, it must name the assertion's own client. */
  client_id: z.optional(z.string().check(z.maxLength(200))),
});
export type SmartTokenRequest = z.infer<typeof smartTokenRequestSchema>;

/** The token answer: no refresh token, ever. */
export const smartTokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number(),
  scope: z.string(),
});
export type SmartTokenResponse = z.infer<typeof smartTokenResponseSchema>;

/** The OAuth 2.0 errors the token endpoint answers with, among the server's error codes. */
export { oauthErrorCodes, type OAuthErrorCode } from './api-error';

export const oauthErrorSchema = z.object({ error: z.string(), error_description: z.string() });
export type OAuthError = z.infer<typeof oauthErrorSchema>;

/** `GET /fhir/R4/.well-known/smart-configuration`. */
export const smartConfigurationSchema = z.object({
  token_endpoint: z.string(),
  token_endpoint_auth_methods_supported: z.array(z.string()),
  token_endpoint_auth_signing_alg_values_supported: z.array(z.string()),
  grant_types_supported: z.array(z.string()),
  scopes_supported: z.array(z.string()),
  capabilities: z.array(z.string()),
});
export type SmartConfiguration = z.infer<typeof smartConfigurationSchema>;
