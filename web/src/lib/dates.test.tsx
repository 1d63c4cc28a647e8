import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDates } from './dates';
import { i18n } from './i18n';

// 23:59 on 24 November in Nepal, and a minute later midnight of the 25th: on a phone in New
// York, where the tests run, both are the afternoon of the 24th.
const lastMinute = '2026-11-24T18:14:00Z';
const midnight = '2026-11-24T18:15:00Z';

function datesIn(language: 'en' | 'ne') {
  act(() => void i18n.changeLanguage(language));
  return renderHook(() => useDates()).result.current;
}

afterEach(() => i18n.changeLanguage('en'));

describe('dates on a phone far from the clinic', () => {
  it('is on a phone whose day is not the clinic’s', () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('America/New_York');
    expect(new Date(midnight).toDateString()).toBe('Tue Nov 24 2026');
  });

  it('dates 23:59 and 00:00 Nepal time on different days, in English', () => {
    const dates = datesIn('en');
    expect(dates.date(lastMinute)).toBe('Nov 24, 2026');
    expect(dates.date(midnight)).toBe('Nov 25, 2026');
    expect(dates.time(lastMinute)).toBe('23:59');
    expect(dates.time(midnight)).toBe('00:00');
    expect(dates.dateTime(midnight)).toBe('Nov 25, 2026, 00:00');
    expect(dates.clock('08:00')).toBe('08:00');
    expect(dates.clock('20:00')).toBe('20:00');
    expect(dates.nearDateOr(lastMinute, midnight)).toBe('Yesterday');
    expect(dates.nearDateOr(midnight, midnight)).toBe('Today');
    expect(dates.nearDayOr('2026-11-26', midnight)).toBe('Tomorrow');
    expect(dates.nearDayOr('2026-11-27', midnight)).toBe('Fri, Nov 27');
  });

  it('dates them in Bikram Sambat with Devanagari digits, in Nepali', () => {
    const dates = datesIn('ne');
    expect(dates.date(lastMinute)).toBe('मंसिर ८, २०८३');
    expect(dates.date(midnight)).toBe('मंसिर ९, २०८३');
    expect(dates.time(lastMinute)).toBe('२३:५९');
    expect(dates.time(midnight)).toBe('००:००');
    expect(dates.fullDateTime(midnight)).toBe('बुधबार, मंसिर ९, २०८३, ००:००');
    expect(dates.nearDateOr(lastMinute, midnight)).toBe('हिजो');
    expect(dates.nearDateOr(midnight, midnight)).toBe('आज');
    expect(dates.nearDayOr('2026-11-26', midnight)).toBe('भोलि');
    expect(dates.nearDayOr('2026-11-27', midnight)).toBe('शुक्रबार, मंसिर ११');
    expect(dates.clock('07:30')).toBe('०७:३०');
  });
});
