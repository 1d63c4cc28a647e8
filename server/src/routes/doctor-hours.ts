import {
  doctorHoursSchema,
  doctorListSchema,
  doctorParamsSchema,
  saveDoctorHoursSchema,
} from '@shared/appointments';
import type { AppointmentsService } from '../appointments/appointments-service';
import { actorOf, signedInFirst, type RequireUser } from '../auth/require-user';
import { noStore } from '../http/no-store';
import type { ApiServer } from '../http/route-schemas';

export interface DoctorHoursDeps {
  appointments: AppointmentsService;
  requireUser: RequireUser;
}

/** A malformed doctor id is one more doctor that does not exist. */
const unknownDoctor = { params: { code: 'not_found', message: 'No such doctor.' } } as const;

/** Doctors' hours: read and saved by the doctor themself, and by managers for any doctor. */
export function registerDoctorHoursRoutes(app: ApiServer, deps: DoctorHoursDeps): void {
  const signedIn = signedInFirst(deps.requireUser);

  app.get(
    '/api/doctors',
    { schema: { response: { 200: doctorListSchema } }, onRequest: [noStore, signedIn] },
    async (request, reply) => reply.send(await deps.appointments.doctors(actorOf(request))),
  );

  app.get(
    '/api/doctors/:doctorId/hours',
    {
      schema: { params: doctorParamsSchema, response: { 200: doctorHoursSchema } },
      config: { inputRefusals: unknownDoctor },
      onRequest: [noStore, signedIn],
    },
    async (request, reply) =>
      reply.send(await deps.appointments.hours(actorOf(request), request.params.doctorId)),
  );

  app.put(
    '/api/doctors/:doctorId/hours',
    {
      schema: {
        params: doctorParamsSchema,
        body: saveDoctorHoursSchema,
        response: { 200: doctorHoursSchema },
      },
      config: { inputRefusals: unknownDoctor },
      onRequest: [noStore, signedIn],
    },
    async (request, reply) =>
      reply.send(
        await deps.appointments.saveHours(actorOf(request), request.params.doctorId, request.body),
      ),
  );
}
