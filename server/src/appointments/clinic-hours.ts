import {
  minutesOfDay,
  nextAvailableHorizonDays,
  type ClinicHours,
  type ClinicSpan,
} from '@shared/appointments';
import {
  addClinicDays,
  clinicMoment,
  clinicToday,
  clinicWeekday,
  type ClinicDay,
} from '@shared/clinic-time';
import type { Hours } from './free-slots';

/** The spans of `day` when at least one of the doctors works, merged, earliest first. */
export function clinicSpansOn(doctors: readonly Hours[], day: ClinicDay): ClinicSpan[] {
  const weekday = clinicWeekday(day);
  const spans = doctors
    .filter((hours) => !hours.daysOff.has(day))
    .flatMap((hours) => hours.week.filter((working) => working.weekday === weekday))
    .map((working) => ({ start: working.start, end: working.end }))
    .sort((a, b) => minutesOfDay(a.start) - minutesOfDay(b.start));
  const merged: ClinicSpan[] = [];
  for (const span of spans) {
    const last = merged.at(-1);
    if (last && minutesOfDay(span.start) <= minutesOfDay(last.end)) {
      if (minutesOfDay(span.end) > minutesOfDay(last.end)) last.end = span.end;
    } else {
      merged.push({ ...span });
    }
  }
  return merged;
}

const spanWords = (spans: readonly ClinicSpan[]) =>
  spans.map((span) => `${span.start}-${span.end}`).join(',');

/**
 * The virtual clinic's hours at `now`, from the doctors' saved hours: today's spans, whether
 * the week ahead has the same ones every day, whether a doctor is on duty now, and otherwise
 * when one next is.
 */
export function clinicHoursAt(doctors: readonly Hours[], now: number): ClinicHours {
  const day = clinicToday(now);
  const today = clinicSpansOn(doctors, day);
  let daily = today.length > 0;
  for (let ahead = 1; daily && ahead < 7; ahead += 1) {
    daily = spanWords(today) === spanWords(clinicSpansOn(doctors, addClinicDays(day, ahead)));
  }
  let onDuty = false;
  let nextAt: string | null = null;
  search: for (let ahead = 0; ahead < nextAvailableHorizonDays; ahead += 1) {
    const onDay = addClinicDays(day, ahead);
    for (const span of clinicSpansOn(doctors, onDay)) {
      const start = clinicMoment(onDay, span.start).getTime();
      const end = clinicMoment(onDay, span.end).getTime();
      if (end <= now) continue;
      if (start <= now) onDuty = true;
      else nextAt = new Date(start).toISOString();
      break search;
    }
  }
  return { day, today, daily, onDuty, nextAt };
}
