import { describe, expect, it } from 'vitest';
import { bookingHorizonDays, virtualClinicWeek, type WorkingDay } from '@shared/appointments';
import { clinicDayOf, clinicMoment } from '@shared/clinic-time';
import { bookableDays, freeSlots, refusalOf, slotGrid, type Hours } from './free-slots';

const minute = 60_000;

function hours(overrides: Partial<Hours> = {}): Hours {
  return { slotMinutes: 15, week: virtualClinicWeek, daysOff: new Set(), ...overrides };
}

/** A Tuesday. */
const day = '2026-03-10';
/** Long before `day`: every slot of it is in the future. */
const earlier = Date.parse('2026-03-01T00:00:00Z');
const nothingTaken = { now: earlier, taken: new Set<number>() };

describe('the slot grid of a working day', () => {
  it('runs 07:30 … 18:45 for the virtual clinic, in clinic time whatever the zone', () => {
    // The tests run in America/New_York: nothing here may read the machine's zone.
    expect(process.env.TZ).toBe('America/New_York');
    const slots = slotGrid(hours(), day);
    expect(slots).toHaveLength(46);
    expect(slots[0]).toEqual({ time: '07:30', startsAt: '2026-03-10T01:45:00.000Z' });
    expect(slots.at(-1)).toEqual({ time: '18:45', startsAt: '2026-03-10T13:00:00.000Z' });
  });

  it('keeps UTC+5:45 exactly: a slot is its clinic time less 5 h 45 min', () => {
    for (const slot of slotGrid(hours({ slotMinutes: 10 }), day)) {
      const [h, m] = slot.time.split(':').map(Number) as [number, number];
      const wall = Date.UTC(2026, 2, 10, h, m);
      expect(Date.parse(slot.startsAt)).toBe(wall - (5 * 60 + 45) * minute);
    }
  });

  it('puts a slot at either end of the clinic day on that clinic day, not on a UTC one', () => {
    const nightShift: WorkingDay[] = [{ weekday: 2, start: '00:00', end: '00:30' }];
    const early = slotGrid(hours({ week: nightShift }), day);
    // 00:15 on the clinic's Tuesday is 18:30 UTC on Monday.
    expect(early.map((slot) => slot.time)).toEqual(['00:00', '00:15']);
    expect(early[1]?.startsAt).toBe('2026-03-09T18:30:00.000Z');
    expect(clinicDayOf(early[1]!.startsAt)).toBe(day);

    const lateShift: WorkingDay[] = [{ weekday: 2, start: '23:45', end: '23:59' }];
    const late = slotGrid(hours({ week: lateShift, slotMinutes: 10 }), day);
    // 23:45 on the clinic's Tuesday is 18:00 UTC on Tuesday; the next slot would end past 23:59.
    expect(late).toEqual([{ time: '23:45', startsAt: '2026-03-10T18:00:00.000Z' }]);
    expect(clinicDayOf(late[0]!.startsAt)).toBe(day);
    // The same Tuesday's slots are not Monday's nor Wednesday's.
    expect(slotGrid(hours({ week: lateShift, slotMinutes: 10 }), '2026-03-09')).toEqual([]);
    expect(slotGrid(hours({ week: lateShift, slotMinutes: 10 }), '2026-03-11')).toEqual([]);
  });

  it('ends every slot by the end of the working day', () => {
    const week: WorkingDay[] = [{ weekday: 2, start: '09:00', end: '10:40' }];
    expect(slotGrid(hours({ week, slotMinutes: 30 }), day).map((slot) => slot.time)).toEqual([
      '09:00',
      '09:30',
      '10:00',
    ]);
    expect(slotGrid(hours({ week, slotMinutes: 20 }), day).map((slot) => slot.time)).toEqual([
      '09:00',
      '09:20',
      '09:40',
      '10:00',
      '10:20',
    ]);
  });

  it('has nothing on a weekday not worked or on a day off', () => {
    const week: WorkingDay[] = [{ weekday: 1, start: '10:00', end: '17:00' }];
    expect(slotGrid(hours({ week }), day)).toEqual([]);
    expect(slotGrid(hours({ daysOff: new Set([day]) }), day)).toEqual([]);
    expect(slotGrid(hours({ daysOff: new Set([day]) }), '2026-03-11')).toHaveLength(46);
  });
});

describe('free slots', () => {
  it('offers only slots starting after now', () => {
    const now = clinicMoment(day, '12:05').getTime();
    const slots = freeSlots(hours(), day, { now, taken: new Set() });
    expect(slots[0]?.time).toBe('12:15');
    // A slot starting this very moment has begun.
    const atStart = clinicMoment(day, '12:15').getTime();
    expect(freeSlots(hours(), day, { now: atStart, taken: new Set() })[0]?.time).toBe('12:30');
  });

  it('leaves out the taken starts', () => {
    const taken = new Set([clinicMoment(day, '07:45').getTime()]);
    const slots = freeSlots(hours(), day, { now: earlier, taken });
    expect(slots.slice(0, 2).map((slot) => slot.time)).toEqual(['07:30', '08:00']);
    expect(slots).toHaveLength(45);
    expect(freeSlots(hours(), day, nothingTaken)).toHaveLength(46);
  });
});

describe('what may be booked', () => {
  const now = clinicMoment(day, '12:05').getTime();

  it('lists today and the horizon after it, by clinic day', () => {
    // 20:00 UTC on the 9th is already the 10th in Kathmandu.
    const days = bookableDays(Date.parse('2026-03-09T20:00:00Z'));
    expect(days).toHaveLength(bookingHorizonDays);
    expect(days[0]).toBe('2026-03-10');
    expect(days.at(-1)).toBe('2026-04-08');
  });

  it('takes a future slot on the grid, and refuses anything else', () => {
    expect(refusalOf(hours(), clinicMoment(day, '12:15'), now)).toBeNull();
    expect(refusalOf(hours(), clinicMoment('2026-04-08', '18:45'), now)).toBeNull();
    expect(refusalOf(hours(), clinicMoment(day, '12:00'), now)).toBe('past');
    expect(refusalOf(hours(), clinicMoment('2026-04-09', '10:00'), now)).toBe('beyond-horizon');
    expect(refusalOf(hours(), clinicMoment(day, '12:20'), now)).toBe('not-offered');
    expect(refusalOf(hours(), clinicMoment(day, '19:00'), now)).toBe('not-offered');
    expect(refusalOf(hours(), new Date(clinicMoment(day, '12:15').getTime() + 1), now)).toBe(
      'not-offered',
    );
    const off = hours({ daysOff: new Set(['2026-03-11']) });
    expect(refusalOf(off, clinicMoment('2026-03-11', '10:00'), now)).toBe('not-offered');
  });
});
