import { patientParamsSchema } from '@shared/patient-record';
import {
  recordVitalsSchema,
  vitalsQuerySchema,
  vitalsReadingListSchema,
  vitalsReadingSchema,
} from '@shared/vitals';
import { noStore } from '../http/no-store';
import { actorOf, signedInFirst, type RequireUser } from '../auth/require-user';
import type { ApiServer } from '../http/route-schemas';
import { unknownPatientRefusal } from '../record/patient-record-gate';
import type { VitalsService } from '../record/vitals-service';

export interface VitalsDeps {
  vitals: VitalsService;
  requireUser: RequireUser;
}

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
      config: { inputRefusals: unknownPatientRefusal },
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
      config: { inputRefusals: unknownPatientRefusal },
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
