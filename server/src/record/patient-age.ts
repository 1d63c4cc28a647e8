import { clinicDayParts, clinicToday, type ClinicDay, type Moment } from '@shared/clinic-time';
import { bsToAd, isValidAdDate } from '@shared/onboarding';

/** Whole years from a birth day (YYYY-MM-DD, AD) to a clinic day; null before the birth. */
export function yearsBetween(birthDay: string, today: ClinicDay): number | null {
  const born = clinicDayParts(birthDay);
  const now = clinicDayParts(today);
  const hadBirthday = now.month > born.month || (now.month === born.month && now.day >= born.day);
  const years = now.year - born.year - (hadBirthday ? 0 : 1);
  return years < 0 ? null : years;
}

/** What a profile says of someone's birth and age. */
export interface BirthFacts {
  age: number | null;
  dateSystem: string | null;
  dobAd: string | null;
  dobBs: string | null;
}

/**
 * A person's age on the clinic's today: from the date of birth in the calendar they chose,
 * else the age they gave, else null.
 */
export function ageOf(facts: BirthFacts, now: Moment = Date.now()): number | null {
  const birthDay =
    facts.dateSystem === 'bs' && facts.dobBs !== null
      ? bsToAd(facts.dobBs)
      : facts.dobAd !== null && isValidAdDate(facts.dobAd)
        ? facts.dobAd
        : null;
  if (birthDay !== null) {
    const years = yearsBetween(birthDay, clinicToday(now));
    if (years !== null) return years;
  }
  return facts.age;
}
