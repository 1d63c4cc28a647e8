import { describe, expect, it } from 'vitest';
import { observationsOf, valuesOf } from './vital-codes';

describe('vital codes', () => {
  it('store each measure under its LOINC code and UCUM unit, blood pressure as one panel', () => {
    expect(
      observationsOf({
        heartRate: 72,
        oxygenSaturation: 98,
        weight: 64.2,
        systolic: 118,
        diastolic: 76,
      }),
    ).toEqual([
      { code: '8867-4', value: 72, unit: '/min', components: null },
      { code: '59408-5', value: 98, unit: '%', components: null },
      { code: '29463-7', value: 64.2, unit: 'kg', components: null },
      {
        code: '85354-9',
        value: null,
        unit: null,
        components: [
          { code: '8480-6', value: 118, unit: 'mm[Hg]' },
          { code: '8462-4', value: 76, unit: 'mm[Hg]' },
        ],
      },
    ]);
  });

  it('read back the values they stored, and only the measures given', () => {
    for (const values of [
      { heartRate: 40 },
      { weight: 0.5, systolic: 260, diastolic: 160 },
      { heartRate: 72, oxygenSaturation: 98, weight: 64.2, systolic: 118, diastolic: 76 },
    ]) {
      expect(valuesOf(observationsOf(values))).toEqual(values);
    }
  });

  it('leave out codes they do not know', () => {
    expect(valuesOf([{ code: '8310-5', value: 37, unit: 'Cel', components: null }])).toEqual({});
  });
});
