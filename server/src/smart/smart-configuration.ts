import { assertionAlgorithms, type SmartConfiguration } from '@shared/smart';
import { supportedScopes } from './smart-scopes';

/**
 * `/.well-known/smart-configuration` of the FHIR API: SMART Backend Services only, so a token
 * endpoint taking client credentials with an asymmetric JWT assertion, and the system scopes
 * of the types the API serves, in both SMART versions' spellings. No authorization endpoint: no person grants access here.
 */
export function smartConfiguration(
  tokenUrl: string,
  served: readonly string[],
): SmartConfiguration {
  return {
    token_endpoint: tokenUrl,
    token_endpoint_auth_methods_supported: ['private_key_jwt'],
    token_endpoint_auth_signing_alg_values_supported: [...assertionAlgorithms],
    grant_types_supported: ['client_credentials'],
    scopes_supported: supportedScopes(served),
    // A scope may be asked for in SMART v1's spelling (`system/Observation.read`) or v2's
    // (`system/Observation.rs`), and is granted as asked.
    capabilities: ['client-confidential-asymmetric', 'permission-v1', 'permission-v2'],
  };
}
