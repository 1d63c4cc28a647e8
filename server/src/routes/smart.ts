import {
  smartConfigurationPath,
  smartConfigurationSchema,
  smartTokenPath,
  smartTokenRequestSchema,
  smartTokenResponseSchema,
  type SmartConfiguration,
} from '@shared/smart';
import { oauthAnswers, oauthBodyLimit, oauthNoStore } from '../http/oauth-answers';
import { useRouteSchemas, type ApiServer } from '../http/route-schemas';
import type { SmartTokenService } from '../smart/smart-token-service';

export interface SmartDeps {
  tokens: SmartTokenService;
  /** The FHIR API's SMART configuration, the same for every request. */
  configuration: SmartConfiguration;
}

/**
 * SMART Backend Services beside the FHIR API, in a context of their own: OAuth's form body
 * and error shape, where the FHIR routes answer in FHIR's. The token endpoint takes client
 * credentials with a signed assertion; the configuration says where and how.
 */
export function registerSmartRoutes(app: ApiServer, deps: SmartDeps): void {
  void app.register((context, _options, done) => {
    oauthAnswers(context);
    const api = useRouteSchemas(context);

    api.get(
      smartConfigurationPath,
      { schema: { response: { 200: smartConfigurationSchema } } },
      () => Promise.resolve(deps.configuration),
    );

    api.post(
      smartTokenPath,
      {
        schema: { body: smartTokenRequestSchema, response: { 200: smartTokenResponseSchema } },
        bodyLimit: oauthBodyLimit,
        onRequest: oauthNoStore,
      },
      async (request) => deps.tokens.issue(request.body, request.ip),
    );
    done();
  });
}
