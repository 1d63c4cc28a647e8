import {
  patientParamsSchema,
  recordVitalsSchema,
  vitalsQuerySchema,
  vitalsReadingListSchema,
  vitalsReadingSchema,
} from '@shared/vitals';
import { noStore } from '../http/no-store';
import { actorOf, signedInFirst, type RequireUser } from '../auth/require-user';
import type { ApiServer } from '../http/route-schemas';
import type { VitalsService } from '../record/vitals-service';

export interface VitalsDeps {
  vitals: VitalsService;
  requireUser: RequireUser;
}

/** A malformed patient id is one more patient that does not exist. */
const unknownPatient = { params: { code: 'not_found', message: 'No such patient.' } } as const;

/** A patient's vitals: read and recorded by the patient, and by a doctor who cares for them. */
export function registerVitalsRoutes(app: ApiServer, deps: VitalsDeps): void {
  const signedIn = signedInFirst(deps.requireUser);

  app.get(
    '/api/patients/:patientId/vitals',
    {
      schema: {
        params: patientParamsSchema,
        querystring: vitalsQuerySchema,
        response: { 200: vitalsReadingListSchema },
      },
      config: { inputRefusals: unknownPatient },
      onRequest: [noStore, signedIn],
    },
    async (request, reply) =>
      reply.send(await deps.vitals.list(actorOf(request), request.params.patientId, request.query)),
  );

  app.post(
    '/api/patients/:patientId/vitals',
    {
      schema: {
        params: patientParamsSchema,
        body: recordVitalsSchema,
        response: { 200: vitalsReadingSchema, 201: vitalsReadingSchema },
      },
      config: { inputRefusals: unknownPatient },
      onRequest: [noStore, signedIn],
    },
    async (request, reply) => {
      const { reading, created } = await deps.vitals.record(
        actorOf(request),
        request.params.patientId,
        request.body,
      );
      return reply.status(created ? 201 : 200).send(reading);
    },
  );
}
