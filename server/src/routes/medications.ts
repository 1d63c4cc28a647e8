import {
  doseListSchema,
  doseSchema,
  dosesQuerySchema,
  markDoseTakenSchema,
  medicationListSchema,
  medicationParamsSchema,
  medicationSchema,
  prescribeSchema,
  stopMedicationSchema,
} from '@shared/medications';
import { patientParamsSchema } from '@shared/patient-record';
import { noStore } from '../http/no-store';
import { actorOf, signedInFirst, type RequireUser } from '../auth/require-user';
import type { ApiServer } from '../http/route-schemas';
import type { MedicationsService } from '../record/medications-service';
import { unknownPatientRefusal } from '../record/patient-record-gate';

export interface MedicationsDeps {
  medications: MedicationsService;
  requireUser: RequireUser;
}

/**
 * A patient's medications and doses: prescribed and stopped by a doctor who cares for them,
 * read by the patient and that doctor, and doses marked taken by either.
 */
export function registerMedicationRoutes(app: ApiServer, deps: MedicationsDeps): void {
  const signedIn = signedInFirst(deps.requireUser);
  const options = {
    config: { inputRefusals: unknownPatientRefusal },
    onRequest: [noStore, signedIn],
  };

  app.get(
    '/api/patients/:patientId/medications',
    {
      schema: { params: patientParamsSchema, response: { 200: medicationListSchema } },
      ...options,
    },
    async (request, reply) =>
      reply.send(await deps.medications.list(actorOf(request), request.params.patientId)),
  );

  app.post(
    '/api/patients/:patientId/medications',
    {
      schema: {
        params: patientParamsSchema,
        body: prescribeSchema,
        response: { 200: medicationSchema, 201: medicationSchema },
      },
      ...options,
    },
    async (request, reply) => {
      const { medication, created } = await deps.medications.prescribe(
        actorOf(request),
        request.params.patientId,
        request.body,
      );
      return reply.status(created ? 201 : 200).send(medication);
    },
  );

  app.post(
    '/api/patients/:patientId/medications/:medicationId/stop',
    {
      schema: {
        params: medicationParamsSchema,
        body: stopMedicationSchema,
        response: { 200: medicationSchema },
      },
      ...options,
    },
    async (request, reply) => {
      const { patientId, medicationId } = request.params;
      return reply.send(
        await deps.medications.stop(actorOf(request), patientId, medicationId, request.body),
      );
    },
  );

  app.get(
    '/api/patients/:patientId/doses',
    {
      schema: {
        params: patientParamsSchema,
        querystring: dosesQuerySchema,
        response: { 200: doseListSchema },
      },
      ...options,
    },
    async (request, reply) =>
      reply.send(
        await deps.medications.doses(actorOf(request), request.params.patientId, request.query),
      ),
  );

  app.post(
    '/api/patients/:patientId/doses/taken',
    {
      schema: {
        params: patientParamsSchema,
        body: markDoseTakenSchema,
        response: { 200: doseSchema, 201: doseSchema },
      },
      ...options,
    },
    async (request, reply) => {
      const { dose, created } = await deps.medications.markTaken(
        actorOf(request),
        request.params.patientId,
        request.body,
      );
      return reply.status(created ? 201 : 200).send(dose);
    },
  );
}
