import type { Bundle, Schedule, Slot } from 'fhir/r4';
import type { ScheduleSearch, SlotSearch } from '@shared/fhir';
import { lastBookableDay } from '@shared/appointments';
import { clinicDayEnd, clinicDayStart, clinicToday } from '@shared/clinic-time';
import { AppError } from '../http/app-error';
import type { FhirReader } from './fhir-reader';
import type { FhirReadings } from './fhir-reading';
import {
  scheduleResource,
  slotId,
  slotOfId,
  slotResource,
  type Horizon,
} from './resources/schedule';
import { missing, type SearchPages } from './search-pages';
import {
  cursorOf,
  dateConditionsOf,
  pageSizeOf,
  referenceOf,
  tokensOf,
  type DateCondition,
} from './search-parameters';

/** The doctors who keep hours, and one's free slots over the booking horizon (appointments). */
export interface Schedules {
  doctors(): Promise<{ id: string }[]>;
  freeSlots(doctorId: string): Promise<{ start: Date; end: Date }[] | null>;
}

/** The days a patient may book on, as a Schedule's planning horizon. */
function horizon(): Horizon {
  const today = clinicToday();
  return { start: clinicDayStart(today), end: clinicDayEnd(lastBookableDay(today)) };
}

/** Whether a moment meets a date condition (the SQL of `search-sql.ts`, for rows in memory). */
function holds(condition: DateCondition, moment: Date): boolean {
  const at = moment.getTime();
  if (condition.kind === 'outside') {
    return at < condition.start.getTime() || at >= condition.end.getTime();
  }
  return (
    (condition.from === null || at >= condition.from.getTime()) &&
    (condition.before === null || at < condition.before.getTime())
  );
}

/**
 * Doctors' hours as Schedules and their free slots as Slots: the appointments service's own
 * reckoning, never a second one. Free and busy name no patient: anyone the API lets in reads them.
 */
export function scheduleReads(deps: {
  schedules: Schedules;
  readings: FhirReadings;
  pages: SearchPages;
}) {
  const { readings } = deps;
  const { page } = deps.pages;
  return {
    /** A doctor's hours: anyone the API lets in may see when a doctor can be booked. */
    async readSchedule(reader: FhirReader, id: string): Promise<Schedule> {
      await readings.of(reader, 'Schedule', null);
      const doctors = await deps.schedules.doctors();
      if (!doctors.some((doctor) => doctor.id === id)) throw missing('Schedule', id);
      return scheduleResource(id, horizon());
    },

    async searchSchedules(reader: FhirReader, query: ScheduleSearch): Promise<Bundle> {
      await readings.of(reader, 'Schedule', null);
      const size = pageSizeOf(query._count);
      const after = cursorOf(query._cursor);
      const ids = query._id === undefined ? null : tokensOf(query._id).map((token) => token.code);
      const actor =
        query.actor === undefined ? null : referenceOf(query.actor, 'actor', 'Practitioner');
      const rows = (await deps.schedules.doctors())
        .map((doctor) => doctor.id)
        .filter((id) => (ids === null || ids.includes(id)) && (actor === null || id === actor))
        .sort()
        .filter((id) => after === null || id > after.id);
      const planned = horizon();
      return page(
        'Schedule',
        query,
        rows,
        size,
        (id) => scheduleResource(id, planned),
        (id) => ({
          at: planned.start,
          id,
        }),
      );
    },

    /** A free slot of a doctor's: it stays one while nobody books it and its start is ahead. */
    async readSlot(reader: FhirReader, id: string): Promise<Slot> {
      await readings.of(reader, 'Slot', null);
      const named = slotOfId(id);
      const free = named && (await deps.schedules.freeSlots(named.doctorId));
      const slot = free?.find((one) => one.start.getTime() === named?.start.getTime());
      if (!named || !slot) throw missing('Slot', id);
      return slotResource({ doctorId: named.doctorId, ...slot });
    },

    /** One schedule's free slots, earliest first: the booking horizon, by start. */
    async searchSlots(reader: FhirReader, query: SlotSearch): Promise<Bundle> {
      await readings.of(reader, 'Slot', null);
      if (query.schedule === undefined) {
        throw new AppError('validation_failed', 'Slot is searched by schedule, as Schedule/<id>.');
      }
      const doctorId = referenceOf(query.schedule, 'schedule', 'Schedule');
      const size = pageSizeOf(query._count);
      const after = cursorOf(query._cursor);
      const starts = dateConditionsOf(query.start, 'start');
      // Only free slots are kept; one asked for in another status is none of them.
      const free =
        query.status === undefined || tokensOf(query.status).some((token) => token.code === 'free');
      const rows = ((free && (await deps.schedules.freeSlots(doctorId))) || [])
        .map((slot) => ({ doctorId, ...slot }))
        .filter((slot) => starts.every((condition) => holds(condition, slot.start)))
        .filter((slot) => after === null || slot.start > after.at);
      return page('Slot', query, rows, size, slotResource, (slot) => ({
        at: slot.start,
        id: slotId(slot),
      }));
    },
  };
}
