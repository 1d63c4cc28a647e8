import { describe, expect, it } from 'vitest';
import { clinicMoment } from '@shared/clinic-time';
import {
  adherenceOf,
  doseMoment,
  dosesOn,
  statusOf,
  takenIndex,
  whyNoDose,
  type Prescription,
  type TakenDose,
} from './medication-schedule';

const doctor = { id: 'doctor', name: 'Ram Thapa' };

function prescription(overrides: Partial<Prescription> = {}): Prescription {
  return {
    id: 'm1',
    patientId: 'patient',
    medicine: 'Amlodipine 5 mg',
    dose: '1 tablet',
    times: ['morning', 'night'],
    startDay: '2026-03-10',
    days: 5,
    instruction: null,
    prescribedBy: doctor,
    prescribedAt: clinicMoment('2026-03-10', '07:00'),
    stopped: null,
    ...overrides,
  };
}

function taken(day: string, timeOfDay: TakenDose['timeOfDay'], medicationId = 'm1'): TakenDose {
  return {
    id: `${medicationId}-${day}-${timeOfDay}`,
    medicationId,
    day,
    timeOfDay,
    at: doseMoment(day, timeOfDay),
    by: { id: 'patient', role: 'patient' },
  };
}

describe('medication schedule', () => {
  it('puts each dose at its wall time on the clinic clock, whatever the server zone', () => {
    // 21:00 in Kathmandu (UTC+5:45) is 15:15 UTC the same day.
    expect(doseMoment('2026-03-10', 'night').toISOString()).toBe('2026-03-10T15:15:00.000Z');
    expect(doseMoment('2026-03-10', 'morning').toISOString()).toBe('2026-03-10T02:15:00.000Z');
  });

  it('has a dose only at a prescribed time, from the start to the last day, before a stop', () => {
    const p = prescription();
    expect(whyNoDose(p, '2026-03-10', 'morning')).toBeNull();
    expect(whyNoDose(p, '2026-03-14', 'night')).toBeNull();
    expect(whyNoDose(p, '2026-03-10', 'midday')).toBe('not-prescribed');
    expect(whyNoDose(p, '2026-03-09', 'night')).toBe('before-start');
    expect(whyNoDose(p, '2026-03-15', 'morning')).toBe('after-end');
    expect(whyNoDose(prescription({ days: null }), '2027-03-15', 'morning')).toBeNull();
    const stopped = prescription({
      stopped: { at: clinicMoment('2026-03-12', '12:00'), by: doctor, reason: 'Side effects' },
    });
    expect(whyNoDose(stopped, '2026-03-12', 'morning')).toBeNull();
    expect(whyNoDose(stopped, '2026-03-12', 'night')).toBe('after-stop');
    expect(whyNoDose(stopped, '2026-03-13', 'morning')).toBe('after-stop');
  });

  it('is completed once its last day is over in clinic time, stopped once stopped', () => {
    const p = prescription();
    // 23:59 on the last day in Kathmandu, and the first minute of the next.
    expect(statusOf(p, clinicMoment('2026-03-14', '23:59'))).toBe('active');
    expect(statusOf(p, clinicMoment('2026-03-15', '00:00'))).toBe('completed');
    expect(statusOf(prescription({ days: null }), clinicMoment('2030-01-01'))).toBe('active');
    const stopped = prescription({
      stopped: { at: clinicMoment('2026-03-11'), by: doctor, reason: 'Done' },
    });
    expect(statusOf(stopped, clinicMoment('2026-03-11', '12:00'))).toBe('stopped');
  });

  it('counts the last 7 days: taken, and missed once the dose time has passed', () => {
    const p = prescription({ startDay: '2026-03-01', days: null });
    const takenOf = takenIndex([
      taken('2026-03-05', 'morning'),
      taken('2026-03-09', 'night'),
      // Outside the window: not counted.
      taken('2026-03-02', 'morning'),
      // Another prescription's.
      taken('2026-03-08', 'morning', 'm2'),
    ]);
    // Today is 2026-03-10 at 12:00: the window is 03-04 to 03-10, and today's night dose
    // is still to come.
    const now = clinicMoment('2026-03-10', '12:00');
    expect(adherenceOf(p, takenOf, now)).toEqual({ taken: 2, missed: 11 });
    // Started yesterday: only yesterday's two doses and today's morning one count.
    const recent = prescription({ startDay: '2026-03-09', days: null });
    expect(adherenceOf(recent, takenOf, now)).toEqual({ taken: 1, missed: 2 });
  });

  it("lists a day's doses in time order, with what was taken", () => {
    const first = prescription({ id: 'm1', times: ['night'] });
    const second = prescription({ id: 'm2', times: ['morning', 'evening'] });
    const doses = dosesOn(
      [first, second],
      '2026-03-11',
      takenIndex([taken('2026-03-11', 'night')]),
    );
    expect(doses.map((dose) => [dose.medicationId, dose.timeOfDay, dose.taken !== null])).toEqual([
      ['m2', 'morning', false],
      ['m2', 'evening', false],
      ['m1', 'night', true],
    ]);
    expect(doses[2]!.at).toBe('2026-03-11T15:15:00.000Z');
  });

  it('lists no dose of a stopped medicine that was not taken, even one due before the stop', () => {
    const stoppedAt = clinicMoment('2026-03-11', '13:11');
    const stopped = prescription({
      times: ['morning', 'midday', 'night'],
      stopped: { at: stoppedAt, by: doctor, reason: 'Stomach upset' },
    });
    const doses = dosesOn([stopped], '2026-03-11', takenIndex([taken('2026-03-11', 'morning')]));
    expect(doses.map((dose) => [dose.timeOfDay, dose.taken !== null])).toEqual([['morning', true]]);
    // Its record still counts the midday dose it was not given before the stop as missed.
    expect(
      adherenceOf(stopped, takenIndex([taken('2026-03-11', 'morning')]), stoppedAt).missed,
    ).toBeGreaterThanOrEqual(1);
  });
});
