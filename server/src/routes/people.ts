import {
  peopleMessages,
  peoplePageSchema,
  peopleQuerySchema,
  personChangeSchema,
  personParamsSchema,
  personSchema,
  staffInvitationAcceptSchema,
  staffInvitationAcceptedSchema,
  staffInvitationParamsSchema,
  staffInvitationPreviewSchema,
  staffInvitationRequestSchema,
} from '@shared/people';
import { actorOf, signedInFirst, type RequireUser } from '../auth/require-user';
import { noStore } from '../http/no-store';
import type { ApiServer } from '../http/route-schemas';
import type { PeopleService } from '../people/people-service';

/** A malformed token is one more link that no longer works. */
const unknownToken = {
  params: { code: 'not_found', message: peopleMessages.invitationGone },
} as const;

/** A malformed id is one more person who does not exist. */
const unknownPerson = {
  params: { code: 'not_found', message: peopleMessages.noSuchPerson },
} as const;

/** People: an admin's (their clinic's) and the superadmin's (everyone), and staff invitations. */
export function registerPeopleRoutes(
  app: ApiServer,
  deps: { people: PeopleService; requireUser: RequireUser },
): void {
  const onRequest = [noStore, signedInFirst(deps.requireUser)];
  const service = deps.people;
  const personRoute = {
    schema: { params: personParamsSchema, response: { 200: personSchema } },
    config: { inputRefusals: unknownPerson },
    onRequest,
  };

  app.get(
    '/api/people',
    { schema: { querystring: peopleQuerySchema, response: { 200: peoplePageSchema } }, onRequest },
    async (request, reply) => reply.send(await service.list(actorOf(request), request.query)),
  );

  app.post('/api/people/:userId/deactivate', personRoute, async (request, reply) =>
    reply.send(await service.deactivate(actorOf(request), request.params.userId)),
  );

  app.post('/api/people/:userId/reactivate', personRoute, async (request, reply) =>
    reply.send(await service.reactivate(actorOf(request), request.params.userId)),
  );

  app.post('/api/people/:userId/second-factor/reset', personRoute, async (request, reply) =>
    reply.send(await service.resetSecondFactor(actorOf(request), request.params.userId)),
  );

  app.patch(
    '/api/people/:userId',
    {
      schema: {
        params: personParamsSchema,
        body: personChangeSchema,
        response: { 200: personSchema },
      },
      config: { inputRefusals: unknownPerson },
      onRequest,
    },
    async (request, reply) =>
      reply.send(await service.change(actorOf(request), request.params.userId, request.body)),
  );

  app.post(
    '/api/people/invitations',
    { schema: { body: staffInvitationRequestSchema, response: { 201: personSchema } }, onRequest },
    async (request, reply) =>
      reply.status(201).send(await service.invite(actorOf(request), request.body)),
  );

  // The link was mailed to its holder: what it offers is theirs to read before any account.
  app.get(
    '/api/people/invitations/:token',
    {
      schema: {
        params: staffInvitationParamsSchema,
        response: { 200: staffInvitationPreviewSchema },
      },
      config: { inputRefusals: unknownToken },
      onRequest: noStore,
    },
    async (request, reply) => reply.send(await service.preview(request.params.token)),
  );

  app.post(
    '/api/people/invitations/:token/accept',
    {
      schema: {
        params: staffInvitationParamsSchema,
        body: staffInvitationAcceptSchema,
        response: { 200: staffInvitationAcceptedSchema },
      },
      config: { inputRefusals: unknownToken },
      onRequest: noStore,
    },
    async (request, reply) =>
      reply.send(await service.accept(request.params.token, request.body, request.ip)),
  );
}
