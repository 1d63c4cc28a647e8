import {
  clinicAnnouncementsSchema,
  clinicSettingsInputSchema,
  clinicSettingsQuerySchema,
  clinicSettingsSchema,
} from '@shared/clinic-settings';
import { actorOf, signedInFirst, type RequireUser } from '../auth/require-user';
import type { ClinicSettingsService } from '../clinics/clinic-settings-service';
import { noStore } from '../http/no-store';
import type { ApiServer } from '../http/route-schemas';

/**
 * `GET`/`PUT /api/clinic-settings`: a clinic's settings, its administrator's (the super
 * administrator names the clinic with `?clinicId=`). `GET /api/announcements`: what the clinics
 * that care for the caller announce today.
 */
export function registerClinicSettingsRoutes(
  app: ApiServer,
  deps: { clinicSettings: ClinicSettingsService; requireUser: RequireUser },
): void {
  const onRequest = [noStore, signedInFirst(deps.requireUser)];
  const service = deps.clinicSettings;

  app.get(
    '/api/clinic-settings',
    {
      schema: { querystring: clinicSettingsQuerySchema, response: { 200: clinicSettingsSchema } },
      onRequest,
    },
    async (request, reply) =>
      reply.send(await service.read(actorOf(request), request.query.clinicId)),
  );

  app.put(
    '/api/clinic-settings',
    {
      schema: {
        querystring: clinicSettingsQuerySchema,
        body: clinicSettingsInputSchema,
        response: { 200: clinicSettingsSchema },
      },
      onRequest,
    },
    async (request, reply) =>
      reply.send(await service.save(actorOf(request), request.query.clinicId, request.body)),
  );

  app.get(
    '/api/announcements',
    { schema: { response: { 200: clinicAnnouncementsSchema } }, onRequest },
    async (request, reply) => reply.send(await service.announcements(actorOf(request))),
  );
}
