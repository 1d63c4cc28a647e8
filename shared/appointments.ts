import * as z from 'zod/mini';
import {
  addClinicDays,
  clinicDaySchema,
  clinicTimeSchema,
  clinicToday,
  isClinicTime,
  type ClinicDay,
} from './clinic-time';
import { recordIdSchema } from './record-id';
import { vitalFlags } from './vital-flags';

/**
 * Appointments: a doctor's weekly hours in clinic time, the free slots they give, a patient's
 * booking of one, and its way to the visit: booked → checked_in (the patient is in that
 * doctor's queue) → in_visit → finished; booked → cancelled | no_show. They map onto FHIR R4:
 * the hours are a `Schedule`, each free slot a `Slot`, a booking an `Appointment` (booked,
 * checked-in, fulfilled, cancelled, noshow).
 */

/** The days of the week, as `Date.getUTCDay()` and `clinicWeekday` count them: 0 is Sunday. */
export const weekdays = [0, 1, 2, 3, 4, 5, 6] as const;
export type Weekday = (typeof weekdays)[number];

/** Nepal's weekly day off: Saturday, unless a doctor sets otherwise. */
export const nepalDayOff: Weekday = 6;

/** A slot's length unless the doctor chooses another. */
export const defaultSlotMinutes = 15;
/** The slot lengths a doctor may choose. */
export const slotMinuteChoices = [10, 15, 20, 30, 45, 60] as const;

/** How far ahead a patient may book, in days from today (clinic time). */
export const bookingHorizonDays = 30;

/** E-check-in opens this long before the start (the spec: 30 minutes). */
export const checkInOpensMs = 30 * 60_000;
/** A booked appointment nobody checked in to becomes a no-show this long after its start. */
export const noShowAfterStartMs = 15 * 60_000;

/** The most days off a doctor's hours list (a year's worth of leave and holidays). */
export const maxDaysOff = 120;

export const maxAppointmentReasonLength = 200;

/**
 * The hours a doctor starts from who has never set theirs: Sunday to Friday, 10:00–17:00;
 * Saturday is the day off. Until a doctor (or a manager) saves hours, none of their time is
 * offered for booking.
 */
export const suggestedWeek: readonly WorkingDay[] = [0, 1, 2, 3, 4, 5].map((weekday) => ({
  weekday: weekday as Weekday,
  start: '10:00',
  end: '17:00',
}));

/** The demo doctor's hours: the spec's virtual clinic, 7:30–19:00 every day. */
export const virtualClinicWeek: readonly WorkingDay[] = weekdays.map((weekday) => ({
  weekday,
  start: '07:30',
  end: '19:00',
}));

export const appointmentStatuses = [
  'booked',
  'checked_in',
  'in_visit',
  'finished',
  'cancelled',
  'no_show',
] as const;
export type AppointmentStatus = (typeof appointmentStatuses)[number];

/** The statuses that hold a slot: nobody else may book it while one of these has it. */
export const slotHoldingStatuses = [
  'booked',
  'checked_in',
  'in_visit',
  'finished',
] as const satisfies readonly AppointmentStatus[];

/** The moves an appointment's status may make; nothing else is allowed. */
export const appointmentTransitions: Readonly<
  Record<AppointmentStatus, readonly AppointmentStatus[]>
> = {
  booked: ['checked_in', 'cancelled', 'no_show'],
  checked_in: ['in_visit', 'cancelled'],
  // The appointment follows its visit: started, ended, left or not come to.
  in_visit: ['finished', 'cancelled', 'no_show'],
  finished: [],
  cancelled: [],
  no_show: [],
};

export function mayMoveAppointment(from: AppointmentStatus, to: AppointmentStatus): boolean {
  return appointmentTransitions[from].includes(to);
}

/** Minutes since midnight of a clinic time `HH:mm`. */
export function minutesOfDay(time: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

/** One day's working span, on the clinic's clock; `end` is after `start` ("19:00" ends at 19:00). */
export const workingDaySchema = z
  .object({
    weekday: z.union(
      weekdays.map((day) => z.literal(day)),
      'Please choose a day of the week',
    ),
    start: clinicTimeSchema,
    end: clinicTimeSchema,
  })
  .check(
    z.refine(
      ({ start, end }) =>
        !isClinicTime(start) || !isClinicTime(end) || minutesOfDay(end) > minutesOfDay(start),
      { message: 'The end of the day must be after its start', path: ['end'] },
    ),
  );
export type WorkingDay = z.infer<typeof workingDaySchema>;

/**
 * A doctor's hours (FHIR `Schedule`): the working span of each weekday worked (a weekday not
 * listed is off), the slot length, and single days off. `GET`/`PUT /api/doctors/:doctorId/hours`,
 * for the doctor themself and for managers; `saved` is false while the doctor has never set
 * them, when `week` is `suggestedWeek` and nothing is offered for booking.
 */
export const doctorHoursSchema = z.object({
  doctorId: z.string(),
  doctorName: z.string(),
  saved: z.boolean(),
  slotMinutes: z.number(),
  week: z.array(workingDaySchema),
  /** Single days off (leave, holidays), clinic days from today on, earliest first. */
  daysOff: z.array(z.string()),
});
export type DoctorHours = z.infer<typeof doctorHoursSchema>;

/** `PUT /api/doctors/:doctorId/hours`: the whole week, replaced at once. */
export const saveDoctorHoursSchema = z
  .object({
    slotMinutes: z.union(
      slotMinuteChoices.map((minutes) => z.literal(minutes)),
      'Please choose a slot length',
    ),
    week: z.array(workingDaySchema).check(z.maxLength(7, 'A week has seven days')),
    daysOff: z
      .array(clinicDaySchema)
      .check(z.maxLength(maxDaysOff, 'At most 120 days off can be listed')),
  })
  .check(
    z.refine(({ week }) => new Set(week.map((day) => day.weekday)).size === week.length, {
      message: 'Each day of the week can be listed once',
      path: ['week'],
    }),
  );
export type SaveDoctorHours = z.infer<typeof saveDoctorHoursSchema>;

export const doctorParamsSchema = z.object({
  doctorId: z.string('Unknown doctor').check(z.minLength(1, 'Unknown doctor'), z.maxLength(64)),
});

/**
 * `GET /api/doctors` (managers and doctors): the doctors, for the hours editor's list, with
 * whether each has saved hours yet. A doctor sees only themself; a manager sees every doctor.
 */
export const doctorListSchema = z.array(
  z.object({ id: z.string(), name: z.string(), saved: z.boolean() }),
);
export type DoctorListEntry = z.infer<typeof doctorListSchema>[number];

/** A doctor a patient may book with. */
export const bookableDoctorSchema = z.object({ id: z.string(), name: z.string() });
export type BookableDoctor = z.infer<typeof bookableDoctorSchema>;

/** A free slot (FHIR `Slot` with status free): its start as a moment, and on the clinic's clock. */
export const slotSchema = z.object({
  startsAt: z.string(),
  /** `HH:mm`, 24-hour, clinic time: what the slot's button reads. */
  time: z.string(),
});
export type Slot = z.infer<typeof slotSchema>;

/**
 * `GET /api/appointments/availability?doctorId=&day=` (patients): the doctors one may book
 * with, and the free slots of one doctor on one day. Without `doctorId`, the first doctor
 * with a free slot; without `day`, that doctor's first day with one, within
 * `bookingHorizonDays`. `days` lists each day of the horizon with its number of free slots,
 * so the day picker can pass over full ones. Only future slots inside working hours are free.
 */
export const availabilityQuerySchema = z.object({
  doctorId: z.optional(doctorParamsSchema.shape.doctorId),
  day: z.optional(clinicDaySchema),
});
export type AvailabilityQuery = z.infer<typeof availabilityQuerySchema>;

export const availabilitySchema = z.object({
  doctors: z.array(bookableDoctorSchema),
  /** The doctor whose slots these are; null when nobody has hours at all. */
  doctorId: z.nullable(z.string()),
  day: z.string(),
  slots: z.array(slotSchema),
  days: z.array(
    z.object({
      day: z.string(),
      free: z.number(),
      /**
       * Why a day has no free slot other than all being taken: `over`, today's hours have
       * passed; `off`, the doctor does not work that day. Absent on a working day to come.
       */
      closed: z.optional(z.enum(['over', 'off'])),
    }),
  ),
});
export type Availability = z.infer<typeof availabilitySchema>;

/** A reason as the patient gives it: trimmed, optional, at most 200 characters. */
const reasonSchema = z.string('Please give a reason').check(
  z.overwrite((text) => text.trim()),
  z.maxLength(maxAppointmentReasonLength, 'A reason can have at most 200 characters'),
);

/** A slot's start as the client sends it: an ISO moment on a whole minute. */
const startsAtSchema = z.iso.datetime({ offset: true, message: 'Please choose a time' });

/**
 * `POST /api/appointments` (a patient): books a free slot under an id of the client's, so a
 * resend stores it once. Taken already: 409 `slot_taken`, "That time was just taken. Please
 * choose another."
 */
export const bookAppointmentSchema = z.object({
  id: recordIdSchema('Invalid appointment id'),
  doctorId: doctorParamsSchema.shape.doctorId,
  startsAt: startsAtSchema,
  reason: z.optional(reasonSchema),
});
export type BookAppointment = z.infer<typeof bookAppointmentSchema>;

/** `PUT /api/appointments/:id` (its patient, while booked): moves it to another free slot. */
export const rescheduleAppointmentSchema = z.object({
  doctorId: z.optional(doctorParamsSchema.shape.doctorId),
  startsAt: startsAtSchema,
});
export type RescheduleAppointment = z.infer<typeof rescheduleAppointmentSchema>;

export const appointmentParamsSchema = z.object({ id: recordIdSchema('Unknown appointment') });

/** An appointment as its patient and its doctor see it. Moments are ISO strings. */
export const appointmentSchema = z.object({
  id: z.string(),
  status: z.enum(appointmentStatuses),
  patientId: z.string(),
  patientName: z.string(),
  doctorId: z.string(),
  doctorName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** The clinic day and time it starts, `YYYY-MM-DD` and `HH:mm`. */
  day: z.string(),
  time: z.string(),
  reason: z.string(),
  /** From when "Check in" is offered: `checkInOpensMs` before the start. */
  checkInOpensAt: z.string(),
  /** The visit checking in opened; null until then. */
  visitId: z.nullable(z.string()),
  checkedInAt: z.nullable(z.string()),
});
export type Appointment = z.infer<typeof appointmentSchema>;

/** `GET /api/appointments/next` (a patient): the next one not over, the home card's. */
export const nextAppointmentSchema = z.object({ appointment: z.nullable(appointmentSchema) });

/** `GET /api/appointments` (a patient): upcoming, soonest first, then past, latest first. */
export const appointmentListSchema = z.array(appointmentSchema);

/**
 * `GET /api/appointments/today` (a doctor): their appointments of today, clinic time,
 * earliest first, each with its status. Kept live by the visits' event stream: an
 * `appointments` event `{ doctorId }` tells a doctor their day changed.
 */
export const doctorDaySchema = z.object({
  day: z.string(),
  appointments: z.array(
    z.extend(appointmentSchema, {
      /** The thresholds the patient's last recorded reading passed (`flagsOf`); empty when none. */
      flags: z.array(z.enum(vitalFlags)),
    }),
  ),
});
export type DoctorDay = z.infer<typeof doctorDaySchema>;

/** `POST /api/appointments/:id/check-in` answers with the appointment and the visit it opened. */
export const checkInAnswerSchema = z.object({
  appointment: appointmentSchema,
  visitId: z.string(),
});

/** Whether "Check in" is offered at `now`: from `checkInOpensMs` before the start until the no-show. */
export function checkInOpen(startsAt: Date | string, now: number = Date.now()): boolean {
  const start = new Date(startsAt).getTime();
  return now >= start - checkInOpensMs && now < start + noShowAfterStartMs;
}

/** The last day a patient may book, from today (clinic time). */
export function lastBookableDay(today: ClinicDay = clinicToday()): ClinicDay {
  return addClinicDays(today, bookingHorizonDays - 1);
}

/** A span of the clinic's day when at least one doctor works, on the clinic's clock (`HH:mm`). */
export const clinicSpanSchema = z.object({ start: z.string(), end: z.string() });
export type ClinicSpan = z.infer<typeof clinicSpanSchema>;

/** How far ahead "next available" looks for a doctor's hours, in clinic days from today. */
export const nextAvailableHorizonDays = 14;

/**
 * `GET /api/clinic/hours` (anyone signed in): the virtual clinic's hours, made from the
 * doctors' saved hours (their weeks and days off), never from a fixed sample. `today` is
 * when at least one doctor works today, merged and earliest first; `daily` is true when the
 * seven days from today have the same spans; `onDuty` is whether a doctor's hours hold now;
 * `nextAt`, while nobody is on duty, is when a doctor's hours next begin (within
 * `nextAvailableHorizonDays`), else null.
 */
export const clinicHoursSchema = z.object({
  day: z.string(),
  today: z.array(clinicSpanSchema),
  daily: z.boolean(),
  onDuty: z.boolean(),
  nextAt: z.nullable(z.string()),
});
export type ClinicHours = z.infer<typeof clinicHoursSchema>;
