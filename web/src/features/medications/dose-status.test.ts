import { describe, expect, it } from 'vitest';
import type { Dose } from '@shared/medications';
import { doseKey, dueDoses } from './dose-status';

const dose = (values: Partial<Dose>): Dose => ({
  medicationId: 'a1b2c3d4-0000-4000-8000-000000000001',
  medicine: 'Amlodipine 5 mg',
  dose: { amount: 1, form: 'tablet' },
  writtenDose: null,
  food: 'any',
  note: null,
  timeOfDay: 'morning',
  day: '2026-11-20',
  // 08:00 clinic time.
  at: '2026-11-20T02:15:00Z',
  taken: null,
  ...values,
});

const night = dose({
  medicationId: 'a1b2c3d4-0000-4000-8000-000000000002',
  medicine: 'Atorvastatin 10 mg',
  timeOfDay: 'night',
  at: '2026-11-20T15:15:00Z',
});
const morning = dose({});
const morningOther = dose({
  medicationId: 'a1b2c3d4-0000-4000-8000-000000000003',
  medicine: 'Aspirin 75 mg',
});

describe('dueDoses', () => {
  it('lists the day’s doses in time order, by medicine within one time', () => {
    const shown = dueDoses([night, morningOther, morning], []);
    expect(shown.map((each) => each.medicine)).toEqual([
      'Amlodipine 5 mg',
      'Aspirin 75 mg',
      'Atorvastatin 10 mg',
    ]);
    expect(shown.every((each) => !each.taken)).toBe(true);
  });

  it('shows a dose taken when the server recorded it, whoever marked it', () => {
    const recorded = dose({
      taken: { at: '2026-11-20T02:30:00Z', by: { id: 'doctor-1', role: 'doctor' } },
    });
    expect(dueDoses([recorded, night], []).map((each) => each.taken)).toEqual([true, false]);
  });

  it('shows a dose taken while its press waits on the device, or was just pressed', () => {
    const waiting = [
      { medicationId: night.medicationId, day: night.day, timeOfDay: night.timeOfDay },
    ];
    expect(dueDoses([morning, night], waiting).map((each) => each.taken)).toEqual([false, true]);
    expect(
      dueDoses([morning, night], [], new Set([doseKey(morning)])).map((each) => each.taken),
    ).toEqual([true, false]);
  });

  it('tells one dose from another by prescription, day and time of day', () => {
    const yesterday = {
      medicationId: morning.medicationId,
      day: '2026-11-19',
      timeOfDay: 'morning' as const,
    };
    const evening = {
      medicationId: morning.medicationId,
      day: morning.day,
      timeOfDay: 'evening' as const,
    };
    expect(dueDoses([morning], [yesterday, evening])[0]?.taken).toBe(false);
  });

  it('leaves a dose whose press the server refused untaken, to be pressed again', () => {
    const press = { medicationId: night.medicationId, day: night.day, timeOfDay: night.timeOfDay };
    const [first, second] = dueDoses([morning, night], [], new Set(), [press]);
    expect(first).toMatchObject({ taken: false, refused: false });
    expect(second).toMatchObject({ taken: false, refused: true });
    // Pressed again, it reads as taken.
    expect(dueDoses([night], [press], new Set(), [press])[0]).toMatchObject({
      taken: true,
      refused: false,
    });
  });
});
