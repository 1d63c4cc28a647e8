import { patientListQuerySchema, patientListSchema } from '@shared/patient-list';
import { actorOf, signedInFirst, type RequireUser } from '../auth/require-user';
import { noStore } from '../http/no-store';
import type { ApiServer } from '../http/route-schemas';
import type { PatientsService } from '../patients/patients-service';

export interface PatientsDeps {
  patients: PatientsService;
  requireUser: RequireUser;
}

/** The staff's Patients page: a doctor's patients in care, a manager's clinic's patients. */
export function registerPatientsRoutes(app: ApiServer, deps: PatientsDeps): void {
  app.get(
    '/api/patients',
    {
      schema: { querystring: patientListQuerySchema, response: { 200: patientListSchema } },
      onRequest: [noStore, signedInFirst(deps.requireUser)],
    },
    async (request, reply) => reply.send(await deps.patients.list(actorOf(request), request.query)),
  );
}
