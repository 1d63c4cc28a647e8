import { chartSchema } from '@shared/chart';
import { patientParamsSchema } from '@shared/patient-record';
import { noStore } from '../http/no-store';
import { actorOf, signedInFirst, type RequireUser } from '../auth/require-user';
import type { ApiServer } from '../http/route-schemas';
import type { ChartService } from '../record/chart-service';
import { unknownPatientRefusal } from '../record/patient-record-gate';

export interface ChartDeps {
  chart: ChartService;
  requireUser: RequireUser;
}

/** A patient's chart: read by the patient, and by a doctor who cares for them. */
export function registerChartRoutes(app: ApiServer, deps: ChartDeps): void {
  app.get(
    '/api/patients/:patientId/chart',
    {
      schema: { params: patientParamsSchema, response: { 200: chartSchema } },
      config: { inputRefusals: unknownPatientRefusal },
      onRequest: [noStore, signedInFirst(deps.requireUser)],
    },
    async (request, reply) =>
      reply.send(await deps.chart.read(actorOf(request), request.params.patientId)),
  );
}
