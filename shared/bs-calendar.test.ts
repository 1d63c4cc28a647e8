import NepaliDate from 'nepali-datetime';
import { describe, expect, it } from 'vitest';
import {
  adDayToBs,
  bsCalendarEnd,
  bsCalendarStart,
  bsFirstYear,
  bsLastYear,
  bsMonthLength,
  bsToAdDay,
} from './bs-calendar';
import { bsCalendarYears } from './bs-calendar-table';
import { addClinicDays, clinicDayParts, clinicDaysBetween } from './clinic-time';
import { nepaliDateWords } from './nepali-date-words';

describe('the BS calendar table', () => {
  it('holds consecutive years, each of twelve months of 29 to 32 days', () => {
    expect(bsFirstYear).toBe(2000);
    bsCalendarYears.forEach(([year, , months], index) => {
      expect(year).toBe(bsFirstYear + index);
      expect(months).toHaveLength(12);
      for (const days of months) expect([29, 30, 31, 32], `${year}`).toContain(days);
    });
  });

  it('has each year’s months add up to the days from its 1 Baisakh to the next', () => {
    for (const [index, [year, firstDay, months]] of bsCalendarYears.entries()) {
      const next = bsCalendarYears[index + 1];
      if (next === undefined) continue;
      const days = months.reduce((sum, length) => sum + length, 0);
      expect(clinicDaysBetween(firstDay, next[1]), `${year}`).toBe(days);
    }
  });

  it('agrees with the nepali-datetime library on every month from 2000 to 2083', () => {
    for (let year = 2000; year <= 2083; year += 1) {
      const library = Array.from({ length: 12 }, (_, month) =>
        NepaliDate.getDaysOfMonth(year, month),
      );
      const ours = Array.from({ length: 12 }, (_, month) => bsMonthLength(year, month + 1));
      expect(ours, `${year}`).toEqual(library);
      expect(bsToAdDay({ year, month: 1, day: 1 }), `${year}`).toBe(
        new NepaliDate(year, 0, 1).formatEnglishDate('YYYY-MM-DD'),
      );
    }
  });

  it('converts every day it holds both ways, as the library does', () => {
    const total = clinicDaysBetween(bsCalendarStart, bsCalendarEnd);
    for (let offset = 0; offset <= total; offset += 1) {
      const day = addClinicDays(bsCalendarStart, offset);
      const bs = adDayToBs(day);
      expect(bs, day).not.toBeNull();
      expect(bsToAdDay(bs!)).toBe(day);
      // The library reads AD days from 1944 only (Poush 2000).
      if (offset % 97 === 0 && day >= '1944-01-01') {
        const library = NepaliDate.parseEnglishDate(day, 'YYYY-MM-DD');
        expect(bs).toEqual({
          year: library.getYear(),
          month: library.getMonth() + 1,
          day: library.getDate(),
        });
      }
    }
  });

  it('writes a day in Nepali words as the library does', () => {
    const total = clinicDaysBetween('1944-01-01', bsCalendarEnd);
    for (let offset = 0; offset <= total; offset += 13) {
      const day = addClinicDays('1944-01-01', offset);
      const { year, month, day: date } = clinicDayParts(day);
      const library = NepaliDate.fromEnglishDate(year, month - 1, date);
      expect(nepaliDateWords.longDay(day), day).toBe(library.formatNepali('dddd, MMMM D, YYYY'));
    }
  });

  it('ends with Chaitra 2083 and guesses nothing beyond it', () => {
    expect(bsLastYear).toBe(2083);
    expect(bsCalendarEnd).toBe('2027-04-13');
    expect(adDayToBs('2027-04-13')).toEqual({ year: 2083, month: 12, day: 30 });
    expect(adDayToBs('2027-04-14')).toBeNull();
    expect(bsToAdDay({ year: 2084, month: 1, day: 1 })).toBeNull();
    expect(bsMonthLength(2084, 2)).toBeNull();
    expect(adDayToBs('1943-04-13')).toBeNull();
    expect(bsToAdDay({ year: 1999, month: 12, day: 30 })).toBeNull();
  });

  it('refuses dates that do not exist', () => {
    expect(bsToAdDay({ year: 2083, month: 13, day: 1 })).toBeNull();
    expect(bsToAdDay({ year: 2083, month: 0, day: 1 })).toBeNull();
    expect(bsToAdDay({ year: 2083, month: 7, day: 31 })).toBeNull();
    expect(bsToAdDay({ year: 2083, month: 7, day: 0 })).toBeNull();
    expect(bsToAdDay({ year: 2083.5, month: 7, day: 1 })).toBeNull();
    expect(adDayToBs('2026-02-30')).toBeNull();
    expect(adDayToBs('not a day')).toBeNull();
  });
});
