import * as z from 'zod/mini';
import {
  careCircleMessages,
  careCircleSchema,
  careRecordIdParams,
  caredForListSchema,
  caredForSchema,
  caregiverSchema,
  dependentSchema,
  invitationPreviewSchema,
  invitationRequestSchema,
  invitationTokenParams,
  loginClaimSchema,
  loginClaimedSchema,
  loginInvitationRequestSchema,
  newDependentSchema,
  pendingInvitationSchema,
  permissionsChangeSchema,
} from '@shared/care-circle';
import { actorOf, signedInFirst, type RequireUser } from '../auth/require-user';
import type { CareCircleService } from '../care-circle/care-circle-service';
import { noStore } from '../http/no-store';
import type { ApiServer } from '../http/route-schemas';
import { mailLanguage } from '../mail/templates';

/** An unknown id, however spelled, is a missing record. */
const unknownRecord = { params: { code: 'not_found', message: 'No such record.' } } as const;
/** A token that is not one of ours is an invitation that no longer holds. */
const unknownToken = {
  params: { code: 'not_found', message: careCircleMessages.invitationGone },
} as const;

/**
 * The care circle. The patient's own circle (caregivers, invitations, dependents), shaped only
 * by the patient acting as themselves; the people the caller cares for; and an invitation's
 * link, read by whoever holds it and accepted by the signed-in account it was mailed to, or
 * for a dependent's own login claimed with a password by whoever holds it.
 */
export function registerCareCircleRoutes(
  app: ApiServer,
  deps: {
    careCircle: CareCircleService;
    requireUser: RequireUser;
  },
): void {
  const service = deps.careCircle;
  const signedIn = [noStore, signedInFirst(deps.requireUser)];

  app.get(
    '/api/care-circle',
    { schema: { response: { 200: careCircleSchema } }, onRequest: signedIn },
    async (request, reply) => reply.send(await service.circleOf(actorOf(request))),
  );

  app.post(
    '/api/care-circle/invitations',
    {
      schema: { body: invitationRequestSchema, response: { 201: pendingInvitationSchema } },
      onRequest: signedIn,
    },
    async (request, reply) => {
      const language = mailLanguage(request.headers['accept-language']);
      const made = await service.invite(actorOf(request), request.body, language);
      return reply.status(201).send(made);
    },
  );

  app.delete(
    '/api/care-circle/invitations/:id',
    {
      schema: { params: careRecordIdParams, response: { 204: z.undefined() } },
      config: { inputRefusals: unknownRecord },
      onRequest: signedIn,
    },
    async (request, reply) => {
      await service.cancelInvitation(actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.patch(
    '/api/care-circle/caregivers/:id',
    {
      schema: {
        params: careRecordIdParams,
        body: permissionsChangeSchema,
        response: { 200: caregiverSchema },
      },
      config: { inputRefusals: unknownRecord },
      onRequest: signedIn,
    },
    async (request, reply) =>
      reply.send(
        await service.changePermissions(
          actorOf(request),
          request.params.id,
          request.body.permissions,
        ),
      ),
  );

  app.delete(
    '/api/care-circle/caregivers/:id',
    {
      schema: { params: careRecordIdParams, response: { 204: z.undefined() } },
      config: { inputRefusals: unknownRecord },
      onRequest: signedIn,
    },
    async (request, reply) => {
      await service.remove(actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/care-circle/dependents',
    {
      schema: { body: newDependentSchema, response: { 201: dependentSchema } },
      onRequest: signedIn,
    },
    async (request, reply) =>
      reply.status(201).send(await service.addDependent(actorOf(request), request.body)),
  );

  app.post(
    '/api/care-circle/dependents/:id/login-invitation',
    {
      schema: {
        params: careRecordIdParams,
        body: loginInvitationRequestSchema,
        response: { 201: pendingInvitationSchema },
      },
      config: { inputRefusals: unknownRecord },
      onRequest: signedIn,
    },
    async (request, reply) => {
      const language = mailLanguage(request.headers['accept-language']);
      const made = await service.inviteLogin(
        actorOf(request),
        request.params.id,
        request.body.email,
        language,
      );
      return reply.status(201).send(made);
    },
  );

  app.get(
    '/api/caring-for',
    { schema: { response: { 200: caredForListSchema } }, onRequest: signedIn },
    async (request, reply) => reply.send(await service.caringFor(actorOf(request))),
  );

  // The link was mailed to its holder: what it offers is theirs to read before signing in.
  app.get(
    '/api/care-invitations/:token',
    {
      schema: { params: invitationTokenParams, response: { 200: invitationPreviewSchema } },
      config: { inputRefusals: unknownToken },
      onRequest: noStore,
    },
    async (request, reply) => reply.send(await service.preview(request.params.token)),
  );

  app.post(
    '/api/care-invitations/:token/accept',
    {
      schema: { params: invitationTokenParams, response: { 200: caredForSchema } },
      config: { inputRefusals: unknownToken },
      onRequest: signedIn,
    },
    async (request, reply) =>
      reply.send(await service.accept(actorOf(request), request.params.token)),
  );

  // The mailed link proves the address: a dependent takes their own login before signing in.
  app.post(
    '/api/care-invitations/:token/claim',
    {
      schema: {
        params: invitationTokenParams,
        body: loginClaimSchema,
        response: { 200: loginClaimedSchema },
      },
      config: { inputRefusals: unknownToken },
      onRequest: noStore,
    },
    async (request, reply) =>
      reply.send(await service.claimLogin(request.params.token, request.body.password, request.ip)),
  );
}
