import {
  currentVisitSchema,
  joinAnswerSchema,
  joinWaitingRoomSchema,
  queueSchema,
  saveSummarySchema,
  signalAcceptedSchema,
  signalEventListSchema,
  signalSchema,
  signalsQuerySchema,
  visitHistorySchema,
  visitParamsSchema,
  visitReasonSchema,
  visitEventsQuerySchema,
  visitSchema,
} from '@shared/visits';
import { AppError } from '../http/app-error';
import { noStore } from '../http/no-store';
import { actorOf, signedInFirst, type RequireUser } from '../auth/require-user';
import type { ApiServer } from '../http/route-schemas';
import type { CareAccessChanges } from '../realtime/care-access-changes';
import type { SessionEndings } from '../realtime/session-endings';
import { eventStreams, type ScreenPresence } from '../realtime/event-streams';
import type { VisitHub } from '../realtime/visit-hub';
import type { VisitsService } from '../visits/visits-service';

/** A signal is an SDP description at most; anything larger is refused by its size. */
export const maxSignalBytes = 64 * 1024;

export interface VisitsDeps {
  service: VisitsService;
  hub: VisitHub;
  /** Whose app is open: an open stream is an open screen. */
  screens: ScreenPresence;
  /** Changed care grants: a caregiver's stream of a patient checks again at once. */
  careAccess: Pick<CareAccessChanges, 'watch'>;
  /** Ended sessions: a stream of someone whose session ended elsewhere checks again at once. */
  endedSessions: Pick<SessionEndings, 'watch'>;
  requireUser: RequireUser;
}

/** A malformed visit id is one more visit that does not exist. */
const unknownVisit = { params: { code: 'not_found', message: 'No such visit.' } } as const;

export function registerVisitRoutes(app: ApiServer, deps: VisitsDeps): void {
  const { service } = deps;
  const signedIn = signedInFirst(deps.requireUser);

  /** A visit's private page or step, answered with the visit. */
  const visitAnswer = {
    schema: { params: visitParamsSchema, response: { 200: visitSchema } },
    config: { inputRefusals: unknownVisit },
    onRequest: [noStore, signedIn],
  };

  app.post(
    '/api/visits',
    {
      schema: { body: joinWaitingRoomSchema, response: { 200: visitSchema, 201: visitSchema } },
      onRequest: signedIn,
    },
    async (request, reply) => {
      const { visit, created } = await service.joinWaitingRoom(actorOf(request), request.body);
      return reply.status(created ? 201 : 200).send(visit);
    },
  );

  app.get(
    '/api/visits/current',
    { schema: { response: { 200: currentVisitSchema } }, onRequest: [noStore, signedIn] },
    async (request, reply) => reply.send({ visit: await service.current(actorOf(request)) }),
  );

  app.get(
    '/api/visits/history',
    { schema: { response: { 200: visitHistorySchema } }, onRequest: [noStore, signedIn] },
    async (request, reply) => reply.send(await service.history(actorOf(request))),
  );

  app.get(
    '/api/visits/queue',
    { schema: { response: { 200: queueSchema } }, onRequest: [noStore, signedIn] },
    async (request, reply) => reply.send(await service.queue(actorOf(request))),
  );

  app.get('/api/visits/:id', visitAnswer, async (request, reply) =>
    reply.send(await service.read(actorOf(request), request.params.id)),
  );

  app.post('/api/visits/:id/start', visitAnswer, async (request, reply) =>
    reply.send(await service.start(actorOf(request), request.params.id)),
  );

  app.post(
    '/api/visits/:id/join',
    {
      schema: { params: visitParamsSchema, response: { 200: joinAnswerSchema } },
      config: { inputRefusals: unknownVisit },
      onRequest: [noStore, signedIn],
    },
    async (request, reply) => reply.send(await service.join(actorOf(request), request.params.id)),
  );

  app.post('/api/visits/:id/leave', visitAnswer, async (request, reply) =>
    reply.send(await service.leave(actorOf(request), request.params.id)),
  );

  app.post('/api/visits/:id/cancel', visitAnswer, async (request, reply) =>
    reply.send(await service.cancel(actorOf(request), request.params.id)),
  );

  app.post('/api/visits/:id/end', visitAnswer, async (request, reply) =>
    reply.send(await service.end(actorOf(request), request.params.id)),
  );

  app.put(
    '/api/visits/:id/summary',
    {
      schema: {
        params: visitParamsSchema,
        body: saveSummarySchema,
        response: { 200: visitSchema },
      },
      config: { inputRefusals: unknownVisit },
      onRequest: signedIn,
    },
    async (request, reply) =>
      reply.send(
        await service.saveSummary(actorOf(request), request.params.id, request.body.summary),
      ),
  );

  app.put(
    '/api/visits/:id/reason',
    {
      schema: {
        params: visitParamsSchema,
        body: visitReasonSchema,
        response: { 200: visitSchema },
      },
      config: { inputRefusals: unknownVisit },
      onRequest: [noStore, signedIn],
    },
    async (request, reply) =>
      reply.send(
        await service.giveReason(actorOf(request), request.params.id, request.body.reason),
      ),
  );

  app.post(
    '/api/visits/:id/signals',
    {
      schema: {
        params: visitParamsSchema,
        body: signalSchema,
        response: { 202: signalAcceptedSchema },
      },
      config: { inputRefusals: unknownVisit },
      bodyLimit: maxSignalBytes,
      onRequest: signedIn,
    },
    async (request, reply) => {
      const id = await service.sendSignal(actorOf(request), request.params.id, request.body);
      return reply.status(202).send({ id });
    },
  );

  app.get(
    '/api/visits/:id/signals',
    {
      schema: {
        params: visitParamsSchema,
        querystring: signalsQuerySchema,
        response: { 200: signalEventListSchema },
      },
      config: {
        inputRefusals: {
          ...unknownVisit,
          querystring: { code: 'validation_failed', message: 'Unknown signal.' },
        },
      },
      onRequest: [noStore, signedIn],
    },
    async (request, reply) =>
      reply.send(await service.signals(actorOf(request), request.params.id, request.query.after)),
  );

  const streams = eventStreams(app, deps.hub, deps.screens, deps.careAccess, deps.endedSessions);

  // A caregiver follows the visits of the patient they act for by naming them in the query (a
  // browser opens an event stream without headers of its own), as that patient's side.
  app.get(
    '/api/visits/events',
    { schema: { querystring: visitEventsQuerySchema }, onRequest: noStore },
    async (request, reply) => {
      const viewer = await deps.requireUser(request);
      const mayFollow = async () => {
        const caller = await deps.requireUser(request);
        const onBehalfOf = await deps.requireUser.actingForNamed(caller, request.query.for);
        return service.follower({ caller, address: request.ip, onBehalfOf });
      };
      const caller = await mayFollow();
      if (!caller) throw new AppError('forbidden', 'Only patients and doctors follow visits.');
      await streams.serve(request, reply, {
        viewerId: viewer.id,
        careGrant: caller.standsIn ? { caregiverId: viewer.id, patientId: caller.id } : null,
        subscriber: (stream) => ({
          caller,
          event: (name, json) => stream.send(name, json),
          gap: () => stream.send('resync', '{}'),
        }),
        recheck: mayFollow,
      });
    },
  );
}
