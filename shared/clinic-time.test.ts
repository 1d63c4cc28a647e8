import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addClinicDays,
  clinicDayEnd,
  clinicDayOf,
  clinicDaySchema,
  clinicDayStart,
  clinicDaysBetween,
  clinicMoment,
  clinicTimeOf,
  clinicTimeSchema,
  clinicWeekday,
  isClinicDay,
  isClinicTime,
  nearDay,
} from './clinic-time';
import { englishDateWords } from './date-words';
import { nepaliDateWords } from './nepali-date-words';

// 23:59 on 24 November in Nepal, and a minute later midnight of the 25th: in New York, where
// the tests run, both are the afternoon of the 24th.
const lastMinute = '2026-11-24T18:14:00Z';
const midnight = '2026-11-24T18:15:00Z';

describe('clinic time', () => {
  it('runs where the machine’s day is not the clinic’s', () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('America/New_York');
    expect(new Date(midnight).getDate()).toBe(24);
  });

  it('puts 23:59 and 00:00 Nepal time on different clinic days', () => {
    expect(clinicDayOf(lastMinute)).toBe('2026-11-24');
    expect(clinicTimeOf(lastMinute)).toBe('23:59');
    expect(clinicDayOf(midnight)).toBe('2026-11-25');
    expect(clinicTimeOf(midnight)).toBe('00:00');
    expect(clinicDayOf(new Date(midnight))).toBe('2026-11-25');
    expect(clinicDayOf(Date.parse(midnight) - 1)).toBe('2026-11-24');
  });

  it('starts and ends a clinic day at the clinic’s midnight', () => {
    expect(clinicDayStart('2026-11-25').toISOString()).toBe('2026-11-24T18:15:00.000Z');
    expect(clinicDayEnd('2026-11-24').toISOString()).toBe('2026-11-24T18:15:00.000Z');
    expect(clinicDayEnd('2026-12-31').toISOString()).toBe('2026-12-31T18:15:00.000Z');
  });

  it('turns a wall time on a clinic day into its moment', () => {
    expect(clinicMoment('2026-11-25', '07:30').toISOString()).toBe('2026-11-25T01:45:00.000Z');
    expect(clinicMoment('2026-11-25', '19:00').toISOString()).toBe('2026-11-25T13:15:00.000Z');
    expect(clinicMoment('2026-11-25', '04:00').toISOString()).toBe('2026-11-24T22:15:00.000Z');
  });

  it('follows the zone’s own rules rather than a fixed 5:45', () => {
    // Nepal kept UTC+5:30 until 1986.
    expect(clinicDayStart('1985-06-01').toISOString()).toBe('1985-05-31T18:30:00.000Z');
    expect(clinicTimeOf('1985-05-31T18:30:00Z')).toBe('00:00');
  });

  it('counts days across months, years and leap days', () => {
    expect(addClinicDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addClinicDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addClinicDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addClinicDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(addClinicDays('2026-11-25', -30)).toBe('2026-10-26');
    expect(clinicDaysBetween('2026-11-25', '2027-01-01')).toBe(37);
    expect(clinicWeekday('2026-11-25')).toBe(3);
    expect(nearDay('2026-11-24', '2026-11-25')).toBe('yesterday');
    expect(nearDay('2026-11-25', '2026-11-25')).toBe('today');
    expect(nearDay('2026-11-26', '2026-11-25')).toBe('tomorrow');
    expect(nearDay('2026-11-27', '2026-11-25')).toBeNull();
  });

  it('keeps every moment within its clinic day, and a wall time on its day', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }),
        (moment) => {
          const day = clinicDayOf(moment);
          expect(clinicDayStart(day).getTime()).toBeLessThanOrEqual(moment.getTime());
          expect(clinicDayEnd(day).getTime()).toBeGreaterThan(moment.getTime());
          const minute = new Date(Math.floor(moment.getTime() / 60_000) * 60_000);
          expect(clinicMoment(day, clinicTimeOf(moment)).getTime()).toBe(minute.getTime());
        },
      ),
    );
  });

  it('accepts only real days and 24-hour times', () => {
    expect(isClinicDay('2028-02-29')).toBe(true);
    for (const text of ['2026-02-29', '2026-13-01', '2026-1-01', '26-11-25', '2026-11-25T00:00']) {
      expect(isClinicDay(text), text).toBe(false);
    }
    expect(isClinicTime('07:30')).toBe(true);
    expect(isClinicTime('23:59')).toBe(true);
    for (const text of ['7:30', '24:00', '07:60', '07:30:00', '']) {
      expect(isClinicTime(text), text).toBe(false);
    }
    expect(clinicDaySchema.safeParse('2026-02-30').error?.issues[0]?.message).toBe(
      'Please give a date as YYYY-MM-DD',
    );
    expect(clinicTimeSchema.safeParse('07:30').success).toBe(true);
    expect(() => clinicDayOf('not a date')).toThrow(RangeError);
  });
});

describe('date words', () => {
  it('date the boundary in English on the clinic’s day', () => {
    expect(englishDateWords.date(lastMinute)).toBe('Nov 24, 2026');
    expect(englishDateWords.date(midnight)).toBe('Nov 25, 2026');
    expect(englishDateWords.time(lastMinute)).toBe('23:59');
    expect(englishDateWords.time(midnight)).toBe('00:00');
    expect(englishDateWords.dateTime(midnight)).toBe('Nov 25, 2026, 00:00');
    expect(englishDateWords.fullDateTime(lastMinute)).toBe('Tuesday, November 24, 2026 at 23:59');
    expect(englishDateWords.weekdayAndDay('2026-11-25')).toBe('Wed, Nov 25');
    // One 24-hour clock, as the slots: never "7:30 AM" beside "20:00".
    expect(englishDateWords.clock('07:30')).toBe('07:30');
    expect(englishDateWords.clock('20:00')).toBe('20:00');
    expect(englishDateWords.time('2026-11-24T14:15:00Z')).toBe('20:00');
  });

  it('date the boundary in Nepali in Bikram Sambat, with Devanagari digits', () => {
    expect(nepaliDateWords.date(lastMinute)).toBe('मंसिर ८, २०८३');
    expect(nepaliDateWords.date(midnight)).toBe('मंसिर ९, २०८३');
    expect(nepaliDateWords.time(lastMinute)).toBe('२३:५९');
    expect(nepaliDateWords.time(midnight)).toBe('००:००');
    expect(nepaliDateWords.dateTime(midnight)).toBe('मंसिर ९, २०८३, ००:००');
    expect(nepaliDateWords.fullDateTime(lastMinute)).toBe('मंगलबार, मंसिर ८, २०८३, २३:५९');
    expect(nepaliDateWords.weekdayAndDay('2026-11-25')).toBe('बुधबार, मंसिर ९');
    expect(nepaliDateWords.clock('07:30')).toBe('०७:३०');
  });

  it('give a day beyond the BS tables as its AD date in Devanagari digits', () => {
    expect(nepaliDateWords.day('2300-01-01')).toBe('२३००-०१-०१');
  });
});
