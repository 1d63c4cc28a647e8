import { describe, expect, it } from 'vitest';
import type { Medication } from '@shared/medications';
import type { Upload } from '@shared/uploads';
import type { VitalsReading } from '@shared/vitals';
import { testVisit } from '@/test-visit';
import { timelineOf } from './timeline';

const medication = (values: Partial<Medication>): Medication => ({
  id: 'm1',
  medicine: 'Amlodipine 5 mg',
  dose: { amount: 1, form: 'tablet' },
  writtenDose: null,
  times: ['morning'],
  startDay: '2026-11-01',
  endDay: null,
  food: 'any',
  note: null,
  status: 'active',
  prescribedBy: { id: 'd1', name: 'Dr. Ram Thapa' },
  prescribedAt: '2026-11-01T05:00:00Z',
  stopped: null,
  adherence: { taken: 0, missed: 0 },
  ...values,
});

const reading = (id: string, takenAt: string): VitalsReading => ({
  id,
  takenAt,
  recordedAt: '2026-11-25T00:00:00Z',
  recordedBy: { id: 'p1', role: 'patient', name: null },
  heartRate: 72,
  flags: [],
});

const upload = (id: string, createdAt: string): Upload => ({
  id,
  contentType: 'image/jpeg',
  byteSize: 1000,
  createdAt,
  url: `/api/uploads/${id}/content`,
});

describe('timelineOf', () => {
  it('merges visits, readings, prescriptions, stops and documents, newest first', () => {
    const visit = testVisit({
      id: 'v1',
      status: 'finished',
      queuedAt: '2026-11-01T04:00:00Z',
      endedAt: '2026-11-01T04:30:00Z',
    });
    const stopped = medication({
      id: 'm2',
      medicine: 'Atorvastatin 10 mg',
      status: 'stopped',
      prescribedAt: '2026-11-02T05:00:00Z',
      stopped: {
        at: '2026-11-10T05:00:00Z',
        by: { id: 'd1', name: 'Dr. Ram Thapa' },
        reason: 'Muscle pain',
      },
    });
    const entries = timelineOf({
      visits: [visit],
      // Recorded late, but dated by when it was taken.
      readings: [reading('r1', '2026-11-05T03:00:00Z')],
      medications: [medication({}), stopped],
      documents: [upload('u1', '2026-11-12T03:00:00Z')],
    });
    expect(entries.map((entry) => entry.id)).toEqual([
      'document:u1',
      'stopped:m2',
      'vitals:r1',
      'prescribed:m2',
      'prescribed:m1',
      'visit:v1',
    ]);
  });

  it('dates a finished visit by its end, and is empty for an empty record', () => {
    const visit = testVisit({
      id: 'v1',
      queuedAt: '2026-11-01T04:00:00Z',
      startedAt: '2026-11-01T04:10:00Z',
      endedAt: '2026-11-01T04:30:00Z',
    });
    expect(
      timelineOf({ visits: [visit], readings: [], medications: [], documents: [] })[0]?.at,
    ).toBe('2026-11-01T04:30:00Z');
    expect(timelineOf({ visits: [], readings: [], medications: [], documents: [] })).toEqual([]);
  });
});
