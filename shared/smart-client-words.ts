/**
 * The refusals of the FHIR systems' registration (`smart-clients.ts`), word for word, and the
 * form of a scope: in a module of their own, so the superadmin's screen reads them without
 * bringing the registration's schemas (zod's record and loose-object code) into the chunk every
 * page loads first.
 */

/** The refusals of this domain, word for word. */
export const smartClientsMessages = {
  nameRequired: 'Please enter the system’s name (1 to 120 characters)',
  jwksRequired: 'Give the system’s public keys as a JWK Set: {"keys": [ … ]}, 1 to 10 keys',
  kidRequired: 'Each key needs a kid (1 to 200 characters)',
  kidRepeated: 'Each key needs a kid of its own',
  keyPrivate:
    'A key carries private parts (d, p, q, dp, dq, qi, oth or k): register the public key only',
  keyUnusable:
    'Each key must be an RS384 public key (kty RSA, n and e, 2048 to 8192 bits) or an ES384 public key (kty EC, crv P-384, x and y)',
  scopesRequired: 'Give 1 to 20 scopes, such as system/Observation.rs or system/*.rs',
  scopeUnknown:
    'Unknown scope: use system/<Type>.rs or system/*.rs (or .read, SMART v1’s spelling) for a type this server serves',
} as const;

/** A scope a system may be registered for: read and search of one type, or of every type. */
export const systemScopePattern = /^system\/(\*|[A-Z][A-Za-z]{0,63})\.(rs|read)$/;
