import * as z from 'zod/mini';
import {
  newSmartClientSchema,
  smartClientListSchema,
  smartClientParamsSchema,
  smartClientSchema,
} from '@shared/smart-clients';
import { actorOf, signedInFirst, type RequireUser } from '../auth/require-user';
import { noStore } from '../http/no-store';
import type { ApiServer } from '../http/route-schemas';
import type { SmartClientsService } from '../smart/smart-clients-service';

/** A malformed client id is one more client that does not exist. */
const unknownClient = {
  params: { code: 'not_found', message: 'No such system client.' },
} as const;

/**
 * The superadmin's register of systems that read the FHIR API without a person (SMART
 * Backend Services): list, register with public keys and scopes, remove.
 */
export function registerSmartClientRoutes(
  app: ApiServer,
  deps: { smartClients: SmartClientsService; requireUser: RequireUser },
): void {
  const onRequest = [noStore, signedInFirst(deps.requireUser)];
  const service = deps.smartClients;

  app.get(
    '/api/smart-clients',
    { schema: { response: { 200: smartClientListSchema } }, onRequest },
    async (request, reply) => reply.send(await service.list(actorOf(request))),
  );

  app.post(
    '/api/smart-clients',
    { schema: { body: newSmartClientSchema, response: { 201: smartClientSchema } }, onRequest },
    async (request, reply) =>
      reply.status(201).send(await service.register(actorOf(request), request.body)),
  );

  app.delete(
    '/api/smart-clients/:clientId',
    {
      schema: { params: smartClientParamsSchema, response: { 204: z.undefined() } },
      config: { inputRefusals: unknownClient },
      onRequest,
    },
    async (request, reply) => {
      await service.remove(actorOf(request), request.params.clientId);
      return reply.status(204).send();
    },
  );
}
