import { describe, expect, it } from 'vitest';
import { latestVitals, type VitalsReading } from './vitals';

function reading(values: Partial<VitalsReading>, takenAt: string): VitalsReading {
  return {
    id: takenAt,
    takenAt,
    recordedAt: takenAt,
    recordedBy: { id: 'p1', role: 'patient', name: null },
    flags: [],
    ...values,
  };
}

describe('latestVitals', () => {
  it('is empty without readings', () => {
    expect(latestVitals([])).toEqual({});
  });

  it('takes each measure from the newest reading that has it, in any order', () => {
    const latest = latestVitals([
      reading({ weight: 64.2, systolic: 118, diastolic: 76 }, '2026-11-19T04:00:00Z'),
      reading({ heartRate: 72 }, '2026-11-20T03:00:00Z'),
      reading({ heartRate: 80, oxygenSaturation: 97, weight: 65 }, '2026-11-18T03:00:00Z'),
    ]);
    expect(latest).toEqual({
      heartRate: { value: 72, takenAt: '2026-11-20T03:00:00Z' },
      oxygenSaturation: { value: 97, takenAt: '2026-11-18T03:00:00Z' },
      weight: { value: 64.2, takenAt: '2026-11-19T04:00:00Z' },
      bloodPressure: { systolic: 118, diastolic: 76, takenAt: '2026-11-19T04:00:00Z' },
    });
  });
});
