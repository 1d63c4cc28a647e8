import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bsCalendarEnd } from './bs-calendar';
import { adToBs, bsToAd, isValidAdDate, latinDigits, onboardingSchema } from './onboarding';

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('onboarding schema', () => {
  it('keeps only the chosen calendar’s date and turns blanks into null', () => {
    expect(
      onboardingSchema.parse({
        first_name: ' Sita ',
        last_name: '  ',
        gender: '',
        age: '',
        date_system: 'bs',
        dob_ad: '2000-01-15',
        dob_bs: '2056-10-01',
      }),
    ).toEqual({
      first_name: 'Sita',
      last_name: null,
      gender: null,
      age: null,
      date_system: 'bs',
      dob_ad: null,
      dob_bs: '2056-10-01',
    });
  });

  it('reports a missing first name and a bad age together', () => {
    const result = onboardingSchema.safeParse({ first_name: '', age: '200', date_system: 'ad' });
    expect(messages(result)).toEqual(['Please enter your first name', 'Please enter a valid age']);
  });

  it.each([0, 120, '0', '120', ' 45 ', '४५'])('accepts the age %j', (age) => {
    expect(onboardingSchema.safeParse({ first_name: 'A', age, date_system: 'ad' }).success).toBe(
      true,
    );
  });

  it.each([-1, 121, 1.5, '1e2', '12a', '١٢', NaN])('refuses the age %j', (age) => {
    expect(
      messages(onboardingSchema.safeParse({ first_name: 'A', age, date_system: 'ad' })),
    ).toEqual(['Please enter a valid age']);
  });

  it('checks only the chosen calendar’s date', () => {
    expect(
      onboardingSchema.safeParse({
        first_name: 'A',
        date_system: 'ad',
        dob_ad: '2000-01-15',
        dob_bs: 'not a date',
      }).success,
    ).toBe(true);
  });
});

describe('AD and BS dates', () => {
  it('converts a known date both ways', () => {
    expect(bsToAd('2056-10-01')).toBe('2000-01-15');
    expect(adToBs('2000-01-15')).toBe('2056-10-01');
    expect(latinDigits('२०५६-१०-०१')).toBe('2056-10-01');
  });

  it('refuses dates that do not exist', () => {
    expect(isValidAdDate('2023-02-29')).toBe(false);
    expect(isValidAdDate('2024-02-29')).toBe(true);
    expect(bsToAd('2056-00-10')).toBeNull();
    expect(bsToAd('2056-10-33')).toBeNull();
    expect(bsToAd('2056/10/01')).toBeNull();
  });

  it('gives back the same AD date after a trip through BS', () => {
    const day = 24 * 60 * 60 * 1000;
    const from = Date.UTC(1950, 0, 1);
    // The last day of the BS table (Chaitra 2083): beyond it there is no BS date to go through.
    const to = Date.parse(`${bsCalendarEnd}T00:00:00Z`);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Math.floor((to - from) / day) }), (offset) => {
        const ad = new Date(from + offset * day).toISOString().slice(0, 10);
        const bs = adToBs(ad);
        expect(bs).not.toBeNull();
        expect(bsToAd(bs!)).toBe(ad);
      }),
    );
  });

  it('gives no BS date beyond the BS table, rather than a guess', () => {
    expect(adToBs('2027-04-13')).toBe('2083-12-30');
    expect(adToBs('2027-04-14')).toBeNull();
    expect(adToBs('2030-12-31')).toBeNull();
    expect(bsToAd('2084-01-01')).toBeNull();
  });
});
