import {
  appointmentListSchema,
  appointmentParamsSchema,
  appointmentSchema,
  availabilityQuerySchema,
  availabilitySchema,
  bookAppointmentSchema,
  checkInAnswerSchema,
  clinicHoursSchema,
  doctorDaySchema,
  nextAppointmentSchema,
  rescheduleAppointmentSchema,
} from '@shared/appointments';
import type { AppointmentsService } from '../appointments/appointments-service';
import { actorOf, signedInFirst, type RequireUser } from '../auth/require-user';
import { noStore } from '../http/no-store';
import type { ApiServer } from '../http/route-schemas';

export interface AppointmentsDeps {
  appointments: AppointmentsService;
  requireUser: RequireUser;
}

/** A malformed appointment id is one more appointment that does not exist. */
const unknownAppointment = {
  params: { code: 'not_found', message: 'No such appointment.' },
} as const;

/** Booking, the patient's appointments, the doctor's day, and an appointment's steps. */
export function registerAppointmentRoutes(app: ApiServer, deps: AppointmentsDeps): void {
  const { appointments } = deps;
  const signedIn = signedInFirst(deps.requireUser);

  /** An appointment's step, answered with the appointment. */
  const step = {
    schema: { params: appointmentParamsSchema, response: { 200: appointmentSchema } },
    config: { inputRefusals: unknownAppointment },
    onRequest: [noStore, signedIn],
  };

  app.get(
    '/api/appointments/availability',
    {
      schema: { querystring: availabilityQuerySchema, response: { 200: availabilitySchema } },
      onRequest: [noStore, signedIn],
    },
    async (request, reply) =>
      reply.send(await appointments.availability(actorOf(request), request.query)),
  );

  app.post(
    '/api/appointments',
    {
      schema: {
        body: bookAppointmentSchema,
        response: { 200: appointmentSchema, 201: appointmentSchema },
      },
      onRequest: [noStore, signedIn],
    },
    async (request, reply) => {
      const { appointment, created } = await appointments.book(actorOf(request), request.body);
      return reply.status(created ? 201 : 200).send(appointment);
    },
  );

  app.get(
    '/api/appointments',
    { schema: { response: { 200: appointmentListSchema } }, onRequest: [noStore, signedIn] },
    async (request, reply) => reply.send(await appointments.list(actorOf(request))),
  );

  app.get(
    '/api/appointments/next',
    { schema: { response: { 200: nextAppointmentSchema } }, onRequest: [noStore, signedIn] },
    async (request, reply) =>
      reply.send({ appointment: await appointments.next(actorOf(request)) }),
  );

  app.get(
    '/api/clinic/hours',
    { schema: { response: { 200: clinicHoursSchema } }, onRequest: [noStore, signedIn] },
    async (_request, reply) => reply.send(await appointments.clinicHours()),
  );

  app.get(
    '/api/appointments/today',
    { schema: { response: { 200: doctorDaySchema } }, onRequest: [noStore, signedIn] },
    async (request, reply) => reply.send(await appointments.today(actorOf(request))),
  );

  app.put(
    '/api/appointments/:id',
    {
      ...step,
      schema: { ...step.schema, body: rescheduleAppointmentSchema },
    },
    async (request, reply) =>
      reply.send(await appointments.reschedule(actorOf(request), request.params.id, request.body)),
  );

  app.post('/api/appointments/:id/cancel', step, async (request, reply) =>
    reply.send(await appointments.cancel(actorOf(request), request.params.id)),
  );

  app.post(
    '/api/appointments/:id/check-in',
    {
      ...step,
      schema: { params: appointmentParamsSchema, response: { 200: checkInAnswerSchema } },
    },
    async (request, reply) =>
      reply.send(await appointments.checkIn(actorOf(request), request.params.id)),
  );
}
