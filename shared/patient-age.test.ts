import { describe, expect, it } from 'vitest';
import { bsToAd } from './onboarding';
import { ageOf, bsYearsBetween, yearsBetween } from './patient-age';

const none = { age: null, dateSystem: null, dobAd: null, dobBs: null };

describe('a patient’s age', () => {
  it('counts whole years up to the birthday', () => {
    expect(yearsBetween('1990-06-15', '2026-06-14')).toBe(35);
    expect(yearsBetween('1990-06-15', '2026-06-15')).toBe(36);
    expect(yearsBetween('2030-01-01', '2026-06-15')).toBeNull();
  });

  it('turns a year older on the clinic day of the birthday, whatever the server’s zone', () => {
    const facts = { ...none, dateSystem: 'ad', dobAd: '1990-06-15' };
    // 18:30 UTC on the 14th is 00:15 on the 15th in Kathmandu.
    expect(ageOf(facts, '2026-06-14T18:14:00Z')).toBe(35);
    expect(ageOf(facts, '2026-06-14T18:30:00Z')).toBe(36);
  });

  it('gives the age of a new patient who entered a BS birth date and no age', () => {
    // २०४५-०२-३० BS, as onboarding saves it (Latin digits), with no age typed.
    const facts = { ...none, dateSystem: 'bs', dobBs: '2045-02-30' };
    const birthday = bsToAd('2083-02-30');
    expect(birthday).not.toBeNull();
    // In 2026 (2083 BS) she is 37 from her BS birthday on, 38 a year later.
    expect(ageOf(facts, `${birthday}T06:00:00Z`)).toBe(38);
    expect(ageOf(facts, '2026-01-15T06:00:00Z')).toBe(37);
  });

  it('counts a BS birth date in BS years: a year older on the BS birthday', () => {
    const birth = { year: 2047, month: 3, day: 1 };
    const birthday = bsToAd('2083-03-01')!;
    const dayBefore = bsToAd('2083-02-32') ?? bsToAd('2083-02-31')!;
    expect(bsYearsBetween(birth, birthday)).toBe(36);
    expect(bsYearsBetween(birth, dayBefore)).toBe(35);
    expect(ageOf({ ...none, dateSystem: 'bs', dobBs: '2047-03-01' }, `${birthday}T06:00:00Z`)).toBe(
      36,
    );
    // 18:15 UTC the evening before is already the birthday in Kathmandu.
    const [year, month, day] = dayBefore.split('-').map(Number) as [number, number, number];
    const eveningBefore = new Date(Date.UTC(year, month - 1, day, 18, 30));
    expect(ageOf({ ...none, dateSystem: 'bs', dobBs: '2047-03-01' }, eveningBefore)).toBe(36);
  });

  it('reads each calendar’s date only when that calendar was chosen', () => {
    const at = '2026-06-15T06:00:00Z';
    expect(ageOf({ ...none, dateSystem: 'ad', dobAd: '1990-06-15', dobBs: '2060-01-01' }, at)).toBe(
      36,
    );
    expect(ageOf({ ...none, dateSystem: 'bs', dobBs: '2047-03-01', dobAd: '2000-01-01' }, at)).toBe(
      36,
    );
  });

  it('falls back to the age given, and is unknown without either', () => {
    expect(ageOf({ ...none, age: 34 })).toBe(34);
    expect(ageOf(none)).toBeNull();
    expect(ageOf({ ...none, dateSystem: 'ad', dobAd: 'not a date', age: 20 })).toBe(20);
    expect(ageOf({ ...none, dateSystem: 'bs', dobBs: '2045-13-01', age: 21 })).toBe(21);
    // A birth date after today is no age; the age given stands.
    expect(ageOf({ ...none, dateSystem: 'bs', dobBs: '2090-01-01', age: 3 })).toBe(3);
  });
});
