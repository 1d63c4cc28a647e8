import { describe, expect, it } from 'vitest';
import { clinicMoment } from '@shared/clinic-time';
import { doseStateAt } from '@shared/medications';
import {
  adherenceOf,
  doseMoment,
  dosesOn,
  startMoment,
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
    dose: { amount: 1, form: 'tablet' },
    writtenDose: null,
    food: 'any',
    times: ['morning', 'night'],
    startDay: '2026-03-10',
    days: 5,
    note: null,
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
    // Its record still counts the midday dose it was not given before the stop as missed,
    // once its grace is over: with the three of the day before, four.
    expect(
      adherenceOf(
        stopped,
        takenIndex([taken('2026-03-11', 'morning')]),
        clinicMoment('2026-03-11', '15:00'),
      ).missed,
    ).toBe(4);
  });

  it('has no dose due before the moment a prescription starting today was written', () => {
    // Losartan, morning, prescribed at 19:45 with today as its start day.
    const evening = prescription({
      times: ['morning'],
      days: null,
      prescribedAt: clinicMoment('2026-03-10', '19:45'),
    });
    expect(startMoment(evening)).toEqual(clinicMoment('2026-03-10', '19:45'));
    expect(whyNoDose(evening, '2026-03-10', 'morning')).toBe('before-start');
    expect(whyNoDose(evening, '2026-03-11', 'morning')).toBeNull();
    expect(dosesOn([evening], '2026-03-10', takenIndex([]))).toEqual([]);
    const now = clinicMoment('2026-03-10', '19:46');
    expect(adherenceOf(evening, takenIndex([]), now)).toEqual({ taken: 0, missed: 0 });
    // Its night dose, due after it was written, is a dose; not missed before its time.
    const both = prescription({ ...evening, times: ['morning', 'night'] });
    expect(dosesOn([both], '2026-03-10', takenIndex([])).map((dose) => dose.timeOfDay)).toEqual([
      'night',
    ]);
    expect(adherenceOf(both, takenIndex([]), now)).toEqual({ taken: 0, missed: 0 });
    // Written one day for a start day to come, or for one that has passed, it starts at the
    // start of its day.
    const ahead = prescription({ startDay: '2026-03-11', prescribedAt: now });
    expect(startMoment(ahead)).toEqual(clinicMoment('2026-03-11'));
    expect(whyNoDose(ahead, '2026-03-11', 'morning')).toBeNull();
    const since = prescription({ startDay: '2026-03-08', prescribedAt: now });
    expect(whyNoDose(since, '2026-03-08', 'morning')).toBeNull();
  });

  it('is late for two hours after its time, then missed; never missed before its time', () => {
    const p = prescription({ times: ['morning'] });
    const at = (time: string) => clinicMoment('2026-03-10', time);
    expect(adherenceOf(p, takenIndex([]), at('07:59'))).toEqual({ taken: 0, missed: 0 });
    expect(adherenceOf(p, takenIndex([]), at('09:59'))).toEqual({ taken: 0, missed: 0 });
    expect(adherenceOf(p, takenIndex([]), at('10:00'))).toEqual({ taken: 0, missed: 1 });
    expect(doseStateAt(doseMoment('2026-03-10', 'morning'), false, at('07:59'))).toBe('upcoming');
    expect(doseStateAt(doseMoment('2026-03-10', 'morning'), false, at('08:00'))).toBe('late');
    expect(doseStateAt(doseMoment('2026-03-10', 'morning'), false, at('10:00'))).toBe('missed');
    expect(doseStateAt(doseMoment('2026-03-10', 'morning'), true, at('10:00'))).toBe('taken');
  });
});
