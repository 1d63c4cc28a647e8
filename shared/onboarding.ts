import * as z from 'zod/mini';
import { adDayToBs, bsToAdDay } from './bs-calendar';
import { dateSystems, genders } from './profile';
import { latinDigits } from './digits';

export { latinDigits };

/**
 * The longest first or last name kept. Names reach every doctor's conversation
 * list, so an unbounded one would be everyone's problem.
 */
export const maxNameLength = 100;

/**
 * The onboarding form's refusals, word for word as the spec gives them. The server
 * answers with the same English text, and the web app shows it in the reader's
 * language by looking it up here.
 */
export const onboardingMessages = {
  firstNameRequired: 'Please enter your first name',
  invalidAge: 'Please enter a valid age',
  invalidGender: 'Please choose a gender',
  invalidDateSystem: 'Please choose AD or BS',
  invalidAdDate: 'Please enter a valid date',
  invalidBsDate: 'Please enter a valid BS date (YYYY-MM-DD)',
  nameTooLong: `Names can be at most ${maxNameLength} characters`,
} as const;
export type OnboardingMessageKey = keyof typeof onboardingMessages;

export function onboardingMessageKey(message: string | undefined): OnboardingMessageKey | null {
  const entry = Object.entries(onboardingMessages).find(([, text]) => text === message);
  return entry ? (entry[0] as OnboardingMessageKey) : null;
}

export const minAge = 0;
export const maxAge = 120;

const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

/** A real Gregorian calendar date written YYYY-MM-DD. */
export function isValidAdDate(text: string): boolean {
  if (!isoDatePattern.test(text)) return false;
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** The AD date of a Bikram Sambat date, or null when it is not a real BS date the calendar table covers. */
export function bsToAd(bs: string): string | null {
  if (!isoDatePattern.test(bs)) return null;
  const [year, month, day] = bs.split('-').map(Number) as [number, number, number];
  return bsToAdDay({ year, month, day });
}

/** The BS date of an AD date, or null when it is not a real date the calendar table covers. */
export function adToBs(ad: string): string | null {
  if (!isValidAdDate(ad)) return null;
  const bs = adDayToBs(ad);
  if (bs === null) return null;
  const two = (value: number) => String(value).padStart(2, '0');
  return `${bs.year}-${two(bs.month)}-${two(bs.day)}`;
}

/** A form sends the age as typed text; another client may send a number. Empty means none. */
function parseAge(value: string | number | null | undefined): number | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') {
    return Number.isInteger(value) && value >= minAge && value <= maxAge ? value : undefined;
  }
  const text = latinDigits(value.trim());
  if (text === '') return null;
  if (!/^\d{1,3}$/.test(text)) return undefined;
  return parseAge(Number(text));
}

function blankToNull(value: string | null | undefined): string | null {
  const text = latinDigits(value?.trim() ?? '');
  return text === '' ? null : text;
}

const optionalText = z.optional(z.nullable(z.string()));
const optionalName = z.optional(
  z.nullable(
    z.string().check(z.trim(), z.maxLength(maxNameLength, onboardingMessages.nameTooLong)),
  ),
);

/**
 * `PUT /api/profile`, and the onboarding form. Only the chosen
 * calendar's date of birth survives parsing; the other is null. There is no role:
 * the server decides it, so a `role` in the body is dropped with other unknown keys.
 */
export const onboardingSchema = z.pipe(
  z
    .object({
      first_name: z
        .string(onboardingMessages.firstNameRequired)
        .check(
          z.trim(),
          z.minLength(1, onboardingMessages.firstNameRequired),
          z.maxLength(maxNameLength, onboardingMessages.nameTooLong),
        ),
      last_name: optionalName,
      gender: z.optional(
        z.nullable(z.union([z.enum(genders), z.literal('')], onboardingMessages.invalidGender)),
      ),
      age: z.optional(
        z.nullable(
          z
            .union([z.string(), z.number()], onboardingMessages.invalidAge)
            .check(z.refine((age) => parseAge(age) !== undefined, onboardingMessages.invalidAge)),
        ),
      ),
      date_system: z.enum(dateSystems, onboardingMessages.invalidDateSystem),
      dob_ad: optionalText,
      dob_bs: optionalText,
    })
    .check(
      z.superRefine((value, context) => {
        const chosen = value.date_system === 'ad' ? 'dob_ad' : 'dob_bs';
        const date = blankToNull(value[chosen]);
        if (date === null) return;
        const valid = chosen === 'dob_ad' ? isValidAdDate(date) : bsToAd(date) !== null;
        if (!valid) {
          context.issues.push({
            code: 'custom',
            message:
              chosen === 'dob_ad'
                ? onboardingMessages.invalidAdDate
                : onboardingMessages.invalidBsDate,
            input: value[chosen],
            path: [chosen],
          });
        }
      }),
    ),
  z.transform((value) => ({
    first_name: value.first_name,
    last_name: blankToNull(value.last_name),
    gender: value.gender ? value.gender : null,
    age: parseAge(value.age) ?? null,
    date_system: value.date_system,
    dob_ad: value.date_system === 'ad' ? blankToNull(value.dob_ad) : null,
    dob_bs: value.date_system === 'bs' ? blankToNull(value.dob_bs) : null,
  })),
);

/** What the form holds and a client may send. */
export type OnboardingInput = z.input<typeof onboardingSchema>;
/** What is saved. */
export type OnboardingValues = z.output<typeof onboardingSchema>;
