import {
  checkInOpensMs,
  lastBookableDay,
  type Appointment,
  type Availability,
  type AvailabilityQuery,
  type BookAppointment,
  type ClinicHours,
  type DoctorDay,
  type DoctorHours,
  type DoctorListEntry,
  type RescheduleAppointment,
  type SaveDoctorHours,
} from '@shared/appointments';
import { clinicDayEnd, clinicDayStart, clinicToday } from '@shared/clinic-time';
import type { Actor } from '../auth/actor';
import { agentOf, type AuditTrail } from '../audit/audit-trail';
import type { AuditAgent } from '../audit/audit-repository';
import { AppError } from '../http/app-error';
import type { VisitAnnouncement, VisitHub } from '../realtime/visit-hub';
import type { VisitsRepository } from '../visits/visits-repository';
import {
  mayBook,
  mayCheckIn,
  mayListDoctors,
  mayManageHours,
  mayReschedule,
  maySeeDay,
  mayTakePart,
  seesEveryDoctor,
  type PatientSide,
} from './appointment-access';
import type { PatientAccess } from '../access/patient-access';
import type { VitalsRepository } from '../record/vitals-repository';
import type { Notifier } from '../notifications/notifier';
import { appointmentChanged, dayChanged } from './appointment-entries';
import {
  heldKeyOf,
  type AppointmentChange,
  type AppointmentFacts,
  type AppointmentsRepository,
} from './appointments-repository';
import { clinicHoursAt } from './clinic-hours';
import {
  bookableDays,
  freeSlots,
  refusalOf,
  slotGrid,
  type Hours,
  type SlotRefusal,
} from './free-slots';

/** Where an announcement that could not be made is reported; stored is what counts. */
interface Log {
  warn(detail: object, message: string): void;
}

export interface AppointmentsServiceDeps {
  appointments: AppointmentsRepository;
  /** Whether one acting for a patient was granted their visits. */
  access: PatientAccess;
  /** The doctor's day shows the flags of each patient's last reading. */
  vitals: Pick<VitalsRepository, 'lastReadingFlags'>;
  /** Checking in opens a visit in the appointment's doctor's queue. */
  visits: VisitsRepository;
  hub: VisitHub;
  trail: AuditTrail;
  /** Tells the patient of a booking, its move or cancellation, and reminds them before it. */
  notifier: Notifier;
  log: Log;
}

/** The clock's no-shows are made by nobody. */
const byTheClock: AuditAgent = { id: null, role: null, address: null };

/** Missing and forbidden answer alike, so a refusal tells nothing about what exists. */
const notFound = () => new AppError('not_found', 'No such appointment.');
const noDoctor = () => new AppError('not_found', 'No such doctor.');
const slotTaken = () =>
  new AppError('slot_taken', 'That time was just taken. Please choose another.');
const alreadyBooked = () =>
  new AppError('appointment_exists', 'You already have an appointment with this doctor that day.');
const closed = (why = 'This appointment can no longer be changed.') =>
  new AppError('appointment_closed', why);
const onlyPatients = () => new AppError('forbidden', 'Only patients book appointments.');

const unavailableBecause: Record<SlotRefusal, string> = {
  past: 'That time has passed. Please choose another.',
  'beyond-horizon': 'Appointments can be booked up to 30 days ahead. Please choose an earlier day.',
  'not-offered': "That time is not one of the doctor's free slots. Please choose another.",
};

/**
 * Appointments and doctors' hours: each operation decides who may act
 * (`appointment-access`), makes its change and the change's audit entry in one unit of work,
 * and tells the doctor their day changed once it is stored. No double booking is the
 * database's to refuse: a booking is inserted, and the unique key it runs into is the answer.
 */
export function appointmentsService(deps: AppointmentsServiceDeps) {
  const { appointments, trail } = deps;

  async function announce(list: readonly VisitAnnouncement[]): Promise<void> {
    // Stored is what counts: without an announcement, clients catch up on their next read.
    await Promise.all(
      list.map((announcement) =>
        deps.hub.announce(announcement).catch((error: unknown) => {
          deps.log.warn({ err: error }, 'appointment announcement failed');
        }),
      ),
    );
  }

  const announceDays = (doctorIds: readonly string[]) =>
    announce([...new Set(doctorIds)].map(dayChanged));

  /**
   * The clock's rule (booked, not checked in, past the no-show time), recorded and announced:
   * for every appointment, or `only` one or one patient's. Whether any changed.
   */
  async function applyClock(only: { id?: string; patientId?: string } = {}): Promise<boolean> {
    const changes = await trail.change(
      () => appointments.markNoShows(only),
      (list) => list.map((change) => appointmentChanged(byTheClock, change)),
    );
    await announceDays(changes.map((change) => change.doctorId));
    return changes.length > 0;
  }

  /**
   * The patient whose side of an appointment the actor stands on: themselves (being its
   * patient is what the rules look at, whatever the role), or the patient they act for when
   * the grant holds "Book and join visits for me".
   */
  async function patientSide(actor: Actor): Promise<PatientSide> {
    if (actor.onBehalfOf === null) return actor.caller.id;
    return (await deps.access.can(actor, 'visits', actor.onBehalfOf)) ? actor.onBehalfOf : null;
  }

  /** The patient a booking is for: a patient themselves, or one who granted their visits. */
  async function bookingFor(actor: Actor): Promise<string> {
    const side =
      actor.onBehalfOf === null && actor.caller.role !== 'patient'
        ? null
        : await patientSide(actor);
    if (!mayBook(side)) throw onlyPatients();
    return side;
  }

  /** A party's appointment as it stands, the clock's rule applied to it first. */
  async function asParty(
    actor: Actor,
    id: string,
  ): Promise<{ facts: AppointmentFacts; side: PatientSide }> {
    await applyClock({ id });
    const [facts, side] = await Promise.all([appointments.facts(id), patientSide(actor)]);
    if (!facts || !mayTakePart(actor, side, facts)) throw notFound();
    return { facts, side };
  }

  async function appointmentOrMissing(id: string): Promise<Appointment> {
    const found = await appointments.appointment(id);
    if (!found) throw notFound();
    return found;
  }

  /** A bookable doctor's hours, or "No such doctor." */
  async function hoursOf(doctorId: string, today: string): Promise<Hours> {
    const hours = await appointments.slotHours(doctorId, today);
    if (!hours) throw noDoctor();
    return hours;
  }

  /** The slot at `startsAt` of the doctor, when one may book it now (taken or not). */
  async function slotOf(doctorId: string, startsAt: string): Promise<{ start: Date; end: Date }> {
    const now = Date.now();
    const hours = await hoursOf(doctorId, clinicToday(now));
    const start = new Date(startsAt);
    const refusal = refusalOf(hours, start, now);
    if (refusal) throw new AppError('slot_unavailable', unavailableBecause[refusal]);
    return { start, end: new Date(start.getTime() + hours.slotMinutes * 60_000) };
  }

  /** Runs a booking's write; a unique key it runs into is the patient's answer. */
  async function holding<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      const key = heldKeyOf(error);
      if (key === 'slot') throw slotTaken();
      if (key === 'day') throw alreadyBooked();
      throw error;
    }
  }

  /** The free slots of one doctor over the booking horizon, counted by day. */
  async function daysOf(doctorId: string, now: number) {
    const days = bookableDays(now);
    const today = clinicToday(now);
    const hours = await appointments.slotHours(doctorId, today);
    const taken = await appointments.takenStarts(
      doctorId,
      clinicDayStart(today),
      clinicDayEnd(lastBookableDay(today)),
    );
    const context = { now, taken };
    const slotsOn = (day: string) => (hours ? freeSlots(hours, day, context) : []);
    /** Why a day has no slot to offer but being booked up: its hours are over, or there are none. */
    const closedOn = (day: string) => {
      const grid = hours ? slotGrid(hours, day) : [];
      if (grid.length === 0) return { closed: 'off' as const };
      return grid.every((slot) => Date.parse(slot.startsAt) <= now)
        ? { closed: 'over' as const }
        : {};
    };
    return {
      days: days.map((day) => ({ day, free: slotsOn(day).length, ...closedOn(day) })),
      slotsOn,
    };
  }

  return {
    /** The scheduled task: the no-show rule for every appointment. */
    applyClock: async () => {
      await applyClock();
    },

    /**
     * The doctors who keep hours, and one doctor's free slots over the booking horizon,
     * earliest first (null when they keep none): a FHIR Schedule and its Slots. Free and
     * busy name no patient; the FHIR API decides who reads them.
     */
    schedules: {
      doctors: () => appointments.bookableDoctors(),
      async freeSlots(doctorId: string, now = Date.now()) {
        const today = clinicToday(now);
        const hours = await appointments.slotHours(doctorId, today);
        if (!hours) return null;
        const { days, slotsOn } = await daysOf(doctorId, now);
        return days.flatMap(({ day }) =>
          slotsOn(day).map((slot) => {
            const start = new Date(slot.startsAt);
            return { start, end: new Date(start.getTime() + hours.slotMinutes * 60_000) };
          }),
        );
      },
    },

    /** The doctors for the hours editor: a manager sees all, a doctor themself. */
    async doctors(actor: Actor): Promise<DoctorListEntry[]> {
      if (!mayListDoctors(actor)) {
        throw new AppError('forbidden', "Only managers and doctors see doctors' hours.");
      }
      if (seesEveryDoctor(actor)) return appointments.doctors();
      const own = await appointments.doctor(actor.caller.id);
      return own ? [own] : [];
    },

    async hours(actor: Actor, doctorId: string): Promise<DoctorHours> {
      if (!mayManageHours(actor, doctorId)) throw noDoctor();
      const hours = await appointments.hours(doctorId);
      if (!hours) throw noDoctor();
      return hours;
    },

    /** Replaces the doctor's week, slot length and days off, recorded in one unit of work. */
    async saveHours(actor: Actor, doctorId: string, input: SaveDoctorHours): Promise<DoctorHours> {
      if (!mayManageHours(actor, doctorId) || !(await appointments.doctor(doctorId))) {
        throw noDoctor();
      }
      await trail.change(
        () => appointments.saveHours(doctorId, input, actor.caller.id),
        () => ({
          type: 'doctor-hours-changed',
          agent: agentOf(actor),
          entity: { type: 'doctor-hours', id: doctorId, subjectId: doctorId },
          detail: {
            slotMinutes: input.slotMinutes,
            weekdays: input.week.map((day) => day.weekday),
            daysOff: input.daysOff.length,
          },
        }),
      );
      await announceDays([doctorId]);
      const hours = await appointments.hours(doctorId);
      if (!hours) throw noDoctor();
      return hours;
    },

    /** The doctors one may book with, and the free slots of one doctor on one day. */
    async availability(actor: Actor, query: AvailabilityQuery): Promise<Availability> {
      await bookingFor(actor);
      const now = Date.now();
      const doctors = await appointments.bookableDoctors();
      if (query.doctorId !== undefined && !doctors.some((one) => one.id === query.doctorId)) {
        throw noDoctor();
      }
      const candidates = query.doctorId === undefined ? doctors : [{ id: query.doctorId }];
      let chosen: { id: string; found: Awaited<ReturnType<typeof daysOf>> } | undefined;
      for (const candidate of candidates) {
        const found = await daysOf(candidate.id, now);
        chosen ??= { id: candidate.id, found };
        if (found.days.some((day) => day.free > 0)) {
          chosen = { id: candidate.id, found };
          break;
        }
      }
      const today = clinicToday(now);
      if (!chosen) return { doctors, doctorId: null, day: query.day ?? today, slots: [], days: [] };
      const { days, slotsOn } = chosen.found;
      const day = query.day ?? days.find((one) => one.free > 0)?.day ?? today;
      const inHorizon = days.some((one) => one.day === day);
      return { doctors, doctorId: chosen.id, day, slots: inHorizon ? slotsOn(day) : [], days };
    },

    /**
     * Books a free slot under the client's id: a resend of the same id by the same patient
     * answers the stored appointment (created false).
     */
    async book(
      actor: Actor,
      input: BookAppointment,
    ): Promise<{ appointment: Appointment; created: boolean }> {
      const patientId = await bookingFor(actor);
      const earlier = await appointments.facts(input.id);
      if (earlier) {
        if (earlier.patientId !== patientId) {
          throw new AppError('conflict', 'This appointment id is already in use.');
        }
        return { appointment: await appointmentOrMissing(input.id), created: false };
      }
      const { start, end } = await slotOf(input.doctorId, input.startsAt);
      const agent = agentOf(actor);
      const store = () =>
        trail.change(
          async () => {
            const stored = await appointments.book({
              id: input.id,
              patientId: patientId,
              doctorId: input.doctorId,
              startsAt: start,
              endsAt: end,
              reason: input.reason ?? '',
              bookedBy: actor.caller.id,
            });
            if (stored) {
              await deps.notifier.appointmentBooked(
                { id: input.id, patientId: patientId, startsAt: start },
                'appointment-booked',
              );
            }
            return stored;
          },
          (stored) =>
            stored
              ? appointmentChanged(
                  agent,
                  { id: input.id, patientId: patientId, from: null, to: 'booked' },
                  { startsAt: start.toISOString(), doctorId: input.doctorId },
                )
              : null,
        );
      const created = await holding(async () => {
        try {
          return await store();
        } catch (error) {
          // A no-show of the patient's earlier that day, not stored yet by the clock, gives
          // the day back: stored now, the booking is asked once more.
          if (heldKeyOf(error) !== 'day' || !(await applyClock({ patientId: patientId }))) {
            throw error;
          }
          return store();
        }
      });
      const appointment = await appointmentOrMissing(input.id);
      if (appointment.patientId !== patientId) {
        throw new AppError('conflict', 'This appointment id is already in use.');
      }
      if (created) {
        await announceDays([input.doctorId]);
        deps.notifier.wake();
      }
      return { appointment, created };
    },

    /** The patient's appointments: those not over soonest first, then the rest. */
    async list(actor: Actor): Promise<Appointment[]> {
      return appointments.listOf(await bookingFor(actor));
    },

    /** The patient's next appointment not over, or null: the home card's. */
    async next(actor: Actor): Promise<Appointment | null> {
      return appointments.nextOf(await bookingFor(actor));
    },

    /**
     * The virtual clinic's hours from the doctors' saved hours, and whether a doctor is on
     * duty now or when one next is. They name no patient: anyone signed in may read them.
     */
    async clinicHours(now = Date.now()): Promise<ClinicHours> {
      return clinicHoursAt(await appointments.clinicHours(clinicToday(now)), now);
    },

    /** A doctor's appointments of today (clinic time): each patient shown is in the trail. */
    async today(actor: Actor): Promise<DoctorDay> {
      if (!maySeeDay(actor))
        throw new AppError('forbidden', 'Only doctors have a day of appointments.');
      const day = clinicToday();
      const list = await appointments.dayOf(actor.caller.id, day);
      await trail.noteEach(
        list.map((appointment) => ({
          type: 'appointment-read',
          agent: agentOf(actor),
          entity: { type: 'appointment', id: appointment.id, subjectId: appointment.patientId },
          detail: { via: 'today' },
        })),
      );
      const readable = await deps.access.permittedAmong(
        actor,
        'read-record',
        list.map((appointment) => appointment.patientId),
      );
      const flags = await deps.vitals.lastReadingFlags([...readable]);
      return {
        day,
        appointments: list.map((appointment) => ({
          ...appointment,
          flags: flags.get(appointment.patientId) ?? [],
        })),
      };
    },

    /** The patient moves a booked appointment to another free slot (of the same or another doctor). */
    async reschedule(actor: Actor, id: string, input: RescheduleAppointment): Promise<Appointment> {
      const { facts, side } = await asParty(actor, id);
      if (!mayReschedule(side, facts)) {
        throw new AppError('forbidden', 'Only the patient can move an appointment.');
      }
      if (facts.status !== 'booked') throw closed();
      const doctorId = input.doctorId ?? facts.doctorId;
      const { start, end } = await slotOf(doctorId, input.startsAt);
      const moved = await holding(() =>
        trail.change(
          async () => {
            const done = await appointments.reschedule(id, facts.patientId, {
              doctorId,
              startsAt: start,
              endsAt: end,
            });
            if (done) {
              await deps.notifier.appointmentBooked(
                { id, patientId: facts.patientId, startsAt: start },
                'appointment-moved',
              );
            }
            return done;
          },
          (done) =>
            done
              ? appointmentChanged(
                  agentOf(actor),
                  { id, patientId: facts.patientId, from: 'booked', to: 'booked' },
                  {
                    startsAt: { from: facts.startsAt.toISOString(), to: start.toISOString() },
                    doctorId: { from: facts.doctorId, to: doctorId },
                  },
                )
              : null,
        ),
      );
      if (!moved) throw closed();
      await announceDays([facts.doctorId, doctorId]);
      deps.notifier.wake();
      return appointmentOrMissing(id);
    },

    /** Its patient or its doctor cancels a booked appointment, until its start. */
    async cancel(actor: Actor, id: string): Promise<Appointment> {
      const { facts } = await asParty(actor, id);
      if (facts.status !== 'booked') throw closed();
      if (facts.startsAt.getTime() <= Date.now()) {
        throw closed('An appointment can be cancelled until its start.');
      }
      const change = await trail.change(
        async () => {
          const made = await appointments.move(id, 'booked', 'cancelled', {
            ended: true,
            beforeStart: true,
          });
          if (made) await deps.notifier.appointmentCancelled(facts);
          return made;
        },
        (made) => (made ? appointmentChanged(agentOf(actor), made) : null),
      );
      if (!change) throw closed();
      await announceDays([facts.doctorId]);
      deps.notifier.wake();
      return appointmentOrMissing(id);
    },

    /**
     * The patient checks in, from `checkInOpensMs` before the start until the no-show: a
     * visit opens in the waiting room of the appointment's doctor, for its reason.
     */
    async checkIn(
      actor: Actor,
      id: string,
    ): Promise<{ appointment: Appointment; visitId: string }> {
      const { facts, side } = await asParty(actor, id);
      if (!mayCheckIn(side, facts)) {
        throw new AppError('forbidden', 'Only the patient checks in.');
      }
      if (facts.status === 'checked_in' || facts.status === 'in_visit') {
        throw closed('You have already checked in.');
      }
      if (facts.status === 'no_show') {
        throw closed('Check-in closed 15 minutes after the start of the appointment.');
      }
      if (facts.status !== 'booked') throw closed();
      if (Date.now() < facts.startsAt.getTime() - checkInOpensMs) {
        throw new AppError(
          'check_in_not_open',
          'Check-in opens 30 minutes before the appointment.',
        );
      }
      const agent = agentOf(actor);
      const { visitId } = await trail.change(
        async () => {
          const opened = await deps.visits.openScheduledVisit(
            facts.patientId,
            id,
            facts.reason,
            actor.onBehalfOf === null ? null : actor.caller.id,
          );
          if (opened === null) {
            throw new AppError(
              'visit_open',
              'You are already in a visit. Leave it before checking in.',
            );
          }
          const change = await appointments.move(id, 'booked', 'checked_in', {
            visitId: opened,
            checkedIn: true,
          });
          // It moved meanwhile (cancelled, a no-show): the visit is not kept either.
          if (!change) throw closed();
          await deps.notifier.notify({
            kind: 'patient-checked-in',
            userId: facts.doctorId,
            cause: opened,
          });
          return { visitId: opened, change };
        },
        ({ visitId: opened, change }: { visitId: string; change: AppointmentChange }) => [
          appointmentChanged(agent, change, { visitId: opened }),
          {
            type: 'visit-changed',
            agent,
            entity: { type: 'visit', id: opened, subjectId: facts.patientId },
            detail: { from: null, to: 'queued', appointmentId: id },
          },
        ],
      );
      await announce([
        { kind: 'queue', id: visitId, change: 'added', doctorId: facts.doctorId },
        dayChanged(facts.doctorId),
      ]);
      deps.notifier.wake();
      return { appointment: await appointmentOrMissing(id), visitId };
    },
  };
}

export type AppointmentsService = ReturnType<typeof appointmentsService>;
