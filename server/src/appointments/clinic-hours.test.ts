import { describe, expect, it } from 'vitest';
import type { WorkingDay } from '@shared/appointments';
import { clinicMoment } from '@shared/clinic-time';
import { clinicHoursAt } from './clinic-hours';
import type { Hours } from './free-slots';

const everyDay = (start: string, end: string): WorkingDay[] =>
  ([0, 1, 2, 3, 4, 5, 6] as const).map((weekday) => ({ weekday, start, end }));
const hours = (week: WorkingDay[], daysOff: string[] = []): Hours => ({
  slotMinutes: 15,
  week,
  daysOff: new Set(daysOff),
});
/** 2026-11-27 is a Friday (weekday 5) in Kathmandu. */
const at = (time: string, day = '2026-11-27') => clinicMoment(day, time).getTime();

describe("the clinic's hours from the doctors' hours", () => {
  it('is the virtual clinic 7:30–19:00 daily when that is what the doctors keep', () => {
    const answer = clinicHoursAt([hours(everyDay('07:30', '19:00'))], at('10:00'));
    expect(answer).toEqual({
      day: '2026-11-27',
      today: [{ start: '07:30', end: '19:00' }],
      daily: true,
      onDuty: true,
      nextAt: null,
    });
  });

  it('follows a doctor who works until 23:30, and merges overlapping hours', () => {
    const answer = clinicHoursAt(
      [
        hours(everyDay('07:30', '19:00')),
        hours(everyDay('18:00', '23:30')),
        hours(everyDay('05:00', '06:00')),
      ],
      at('19:52'),
    );
    expect(answer.today).toEqual([
      { start: '05:00', end: '06:00' },
      { start: '07:30', end: '23:30' },
    ]);
    expect(answer).toMatchObject({ daily: true, onDuty: true, nextAt: null });
  });

  it('after the day’s hours, says nobody is on duty and when a doctor next is', () => {
    const answer = clinicHoursAt([hours(everyDay('07:30', '19:00'))], at('19:52'));
    expect(answer).toMatchObject({
      onDuty: false,
      nextAt: clinicMoment('2026-11-28', '07:30').toISOString(),
    });
    // Before the day's start, the next is today's.
    expect(clinicHoursAt([hours(everyDay('07:30', '19:00'))], at('06:00')).nextAt).toBe(
      clinicMoment('2026-11-27', '07:30').toISOString(),
    );
  });

  it('skips days off and weekdays not worked, and is not daily when the week differs', () => {
    const week = everyDay('10:00', '17:00').filter((day) => day.weekday !== 6);
    const answer = clinicHoursAt([hours(week, ['2026-11-29'])], at('18:00'));
    // Saturday the 28th is not worked and Sunday the 29th is a day off: Monday it is.
    expect(answer).toMatchObject({
      today: [{ start: '10:00', end: '17:00' }],
      daily: false,
      onDuty: false,
      nextAt: clinicMoment('2026-11-30', '10:00').toISOString(),
    });
  });

  it('has no hours, no duty and no next time when no doctor keeps hours', () => {
    expect(clinicHoursAt([], at('10:00'))).toEqual({
      day: '2026-11-27',
      today: [],
      daily: false,
      onDuty: false,
      nextAt: null,
    });
  });
});
