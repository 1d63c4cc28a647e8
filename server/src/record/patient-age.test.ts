import { describe, expect, it } from 'vitest';
import { ageOf, yearsBetween } from './patient-age';

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

  it('reads a Bikram Sambat birth date through its AD day', () => {
    // 2047-03-01 BS is 1990-06-15 AD.
    expect(ageOf({ ...none, dateSystem: 'bs', dobBs: '2047-03-01' }, '2026-06-15T06:00:00Z')).toBe(
      36,
    );
  });

  it('falls back to the age given, and is unknown without either', () => {
    expect(ageOf({ ...none, age: 34 })).toBe(34);
    expect(ageOf(none)).toBeNull();
    expect(ageOf({ ...none, dateSystem: 'ad', dobAd: 'not a date', age: 20 })).toBe(20);
  });
});
