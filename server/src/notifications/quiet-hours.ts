import { addClinicDays, clinicDayOf, clinicMoment, clinicTimeOf } from '@shared/clinic-time';

/** A person's quiet hours on the clinic's clock, in minutes since midnight; `end` may be before `start` (overnight). */
export interface QuietWindow {
  startMinute: number;
  endMinute: number;
}

const minuteOfDay = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
};

const asClinicTime = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/**
 * When a reminder due at `at` may go out: `at` itself outside quiet hours, else the moment
 * they end (clinic time, whatever the server's zone). Equal start and end means none.
 */
export function afterQuietHours(at: Date, quiet: QuietWindow): Date {
  const { startMinute: start, endMinute: end } = quiet;
  if (start === end) return at;
  const day = clinicDayOf(at);
  const now = minuteOfDay(clinicTimeOf(at));
  const overnight = start > end;
  const quietNow = overnight ? now >= start || now < end : now >= start && now < end;
  if (!quietNow) return at;
  // Overnight hours that began this evening end tomorrow morning.
  const endDay = overnight && now >= start ? addClinicDays(day, 1) : day;
  return clinicMoment(endDay, asClinicTime(end));
}
