import * as z from 'zod/mini';
import { recordIdSchema } from './record-id';
import { smartClientsMessages, systemScopePattern } from './smart-client-words';

/**
 * The systems (a hospital, a lab) the superadmin registers to read the FHIR API without a
 * person, through SMART Backend Services (`/api/smart-clients`): each with its public keys,
 * which sign the assertions it trades for access tokens, and the scopes it may be granted.
 * The superadmin registers them on the People page, which reads these refusals in the
 * reader's language (`smart-client-words.ts`); they are English for the operator's client.
 */

export { smartClientsMessages, systemScopePattern } from './smart-client-words';

/** One key as registered: its public members only. */
export const publicJwkSchema = z.record(z.string(), z.string());
export type PublicJwk = z.infer<typeof publicJwkSchema>;

/** A key as sent: what the schema can see; the service checks it is a usable public key. */
const sentJwkSchema = z.looseObject({
  kty: z.string(smartClientsMessages.keyUnusable),
  kid: z
    .string(smartClientsMessages.kidRequired)
    .check(
      z.minLength(1, smartClientsMessages.kidRequired),
      z.maxLength(200, smartClientsMessages.kidRequired),
    ),
});

export const sentJwksSchema = z.object(
  {
    keys: z
      .array(sentJwkSchema, smartClientsMessages.jwksRequired)
      .check(
        z.minLength(1, smartClientsMessages.jwksRequired),
        z.maxLength(10, smartClientsMessages.jwksRequired),
      ),
  },
  smartClientsMessages.jwksRequired,
);
export type SentJwks = z.infer<typeof sentJwksSchema>;

/** `POST /api/smart-clients`. */
export const newSmartClientSchema = z.object({
  name: z
    .string(smartClientsMessages.nameRequired)
    .check(
      z.trim(),
      z.minLength(1, smartClientsMessages.nameRequired),
      z.maxLength(120, smartClientsMessages.nameRequired),
    ),
  jwks: sentJwksSchema,
  scopes: z
    .array(
      z
        .string(smartClientsMessages.scopeUnknown)
        .check(z.trim(), z.regex(systemScopePattern, smartClientsMessages.scopeUnknown)),
      smartClientsMessages.scopesRequired,
    )
    .check(
      z.minLength(1, smartClientsMessages.scopesRequired),
      z.maxLength(20, smartClientsMessages.scopesRequired),
    ),
});
export type NewSmartClient = z.infer<typeof newSmartClientSchema>;

/** A registered system, as the superadmin reads it. Its `id` is its OAuth `client_id`. */
export const smartClientSchema = z.object({
  id: z.string(),
  name: z.string(),
  jwks: z.object({ keys: z.array(publicJwkSchema) }),
  scopes: z.array(z.string()),
  createdAt: z.string(),
  /** The superadmin's account id. */
  createdBy: z.string(),
});
export type SmartClient = z.infer<typeof smartClientSchema>;

/** `GET /api/smart-clients`: the systems registered and not removed, newest first. */
export const smartClientListSchema = z.object({ clients: z.array(smartClientSchema) });
export type SmartClientList = z.infer<typeof smartClientListSchema>;

/** A malformed client id names no client. */
export const smartClientParamsSchema = z.object({ clientId: recordIdSchema() });
