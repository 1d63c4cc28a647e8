import { adDayToBs, type BsDate } from './bs-calendar';
import { clinicDayParts, clinicToday, type ClinicDay, type Moment } from './clinic-time';
import { bsToAd, isValidAdDate } from './onboarding';

/**
 * The one age rule: every place that shows someone's age (Profile, Health, a chart, the care
 * circle, the HMIS report's age bands) reads it here.
 */

interface DayParts {
  year: number;
  month: number;
  day: number;
}

function wholeYears(born: DayParts, now: DayParts): number | null {
  const hadBirthday = now.month > born.month || (now.month === born.month && now.day >= born.day);
  const years = now.year - born.year - (hadBirthday ? 0 : 1);
  return years < 0 ? null : years;
}

/** Whole years from a birth day (YYYY-MM-DD, AD) to a clinic day; null before the birth. */
export function yearsBetween(birthDay: string, today: ClinicDay): number | null {
  return wholeYears(clinicDayParts(birthDay), clinicDayParts(today));
}

/**
 * Whole BS years from a BS birth date to a clinic day: a year older on the BS birthday, as
 * someone born in the BS calendar counts. Null before the birth, or when the clinic day is
 * outside the BS table.
 */
export function bsYearsBetween(birth: BsDate, today: ClinicDay): number | null {
  const now = adDayToBs(today);
  return now === null ? null : wholeYears(birth, now);
}

/** What a profile says of someone's birth and age. */
export interface BirthFacts {
  age: number | null;
  dateSystem: string | null;
  dobAd: string | null;
  dobBs: string | null;
}

function bsBirth(dobBs: string | null): BsDate | null {
  if (dobBs === null || bsToAd(dobBs) === null) return null;
  const [year, month, day] = dobBs.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

/**
 * A person's age on the clinic's today: from the date of birth in the calendar they chose (a
 * BS date counted in BS years, an AD date in AD years), else the age they gave, else null.
 */
export function ageOf(facts: BirthFacts, now: Moment = Date.now()): number | null {
  const today = clinicToday(now);
  if (facts.dateSystem === 'bs') {
    const birth = bsBirth(facts.dobBs);
    const years = birth === null ? null : bsYearsBetween(birth, today);
    if (years !== null) return years;
  }
  if (facts.dateSystem !== 'bs' && facts.dobAd !== null && isValidAdDate(facts.dobAd)) {
    const years = yearsBetween(facts.dobAd, today);
    if (years !== null) return years;
  }
  return facts.age;
}
