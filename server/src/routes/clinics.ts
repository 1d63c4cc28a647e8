import {
  clinicChangeSchema,
  clinicParamsSchema,
  clinicSchema,
  clinicStaffSchema,
  clinicsOverviewSchema,
  newClinicSchema,
  staffClinicSchema,
  staffParamsSchema,
} from '@shared/clinics';
import { actorOf, signedInFirst, type RequireUser } from '../auth/require-user';
import type { ClinicsService } from '../clinics/clinics-service';
import { noStore } from '../http/no-store';
import type { ApiServer } from '../http/route-schemas';

/** A malformed clinic id is one more clinic that does not exist. */
const unknownClinic = { params: { code: 'not_found', message: 'No such clinic.' } } as const;

/** The superadmin's clinics: list, add, rename, set the org unit, put staff in one. */
export function registerClinicsRoutes(
  app: ApiServer,
  deps: { clinics: ClinicsService; requireUser: RequireUser },
): void {
  const onRequest = [noStore, signedInFirst(deps.requireUser)];
  const service = deps.clinics;

  app.get(
    '/api/clinics',
    { schema: { response: { 200: clinicsOverviewSchema } }, onRequest },
    async (request, reply) => reply.send(await service.overview(actorOf(request))),
  );

  app.post(
    '/api/clinics',
    { schema: { body: newClinicSchema, response: { 201: clinicSchema } }, onRequest },
    async (request, reply) =>
      reply.status(201).send(await service.add(actorOf(request), request.body)),
  );

  app.patch(
    '/api/clinics/:clinicId',
    {
      schema: {
        params: clinicParamsSchema,
        body: clinicChangeSchema,
        response: { 200: clinicSchema },
      },
      config: { inputRefusals: unknownClinic },
      onRequest,
    },
    async (request, reply) =>
      reply.send(await service.change(actorOf(request), request.params.clinicId, request.body)),
  );

  app.put(
    '/api/clinics/staff/:userId',
    {
      schema: {
        params: staffParamsSchema,
        body: staffClinicSchema,
        response: { 200: clinicStaffSchema },
      },
      onRequest,
    },
    async (request, reply) =>
      reply.send(
        await service.assign(actorOf(request), request.params.userId, request.body.clinicId),
      ),
  );
}
