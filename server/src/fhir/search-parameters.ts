import { addClinicDays, clinicDayStart, isClinicDay } from '@shared/clinic-time';
import { fhirPageSizes } from '@shared/fhir';
import { AppError } from '../http/app-error';

/**
 * FHIR search parameters as clients send them, read into what the repository filters on.
 * A value the server cannot read is refused (400, an OperationOutcome), never ignored: a
 * client that asked for less must not be handed more.
 */

const refused = (message: string) => new AppError('validation_failed', message);

/** What a date value names: the moments from `start` up to, not including, `end`. */
export interface DateRange {
  start: Date;
  end: Date;
}

/**
 * One date condition on a moment: within `[from, before)` (either end open), or outside
 * `[start, end)` (`ne`).
 */
export type DateCondition =
  | { kind: 'within'; from: Date | null; before: Date | null }
  | { kind: 'outside'; start: Date; end: Date };

const prefixes = ['eq', 'ne', 'gt', 'lt', 'ge', 'le', 'sa', 'eb'] as const;
type Prefix = (typeof prefixes)[number];

const dateTimePattern =
  /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/;

/**
 * The range a FHIR date value names, to its precision: a year, a month or a day of the
 * clinic's calendar (Asia/Kathmandu), or a moment to the second (a time without a zone is
 * the clinic's).
 */
export function dateRangeOf(value: string): DateRange | null {
  if (/^\d{4}$/.test(value)) {
    const year = Number(value);
    return { start: clinicDayStart(`${value}-01-01`), end: clinicDayStart(`${year + 1}-01-01`) };
  }
  if (/^\d{4}-\d{2}$/.test(value)) {
    const first = `${value}-01`;
    if (!isClinicDay(first)) return null;
    const [year, month] = value.split('-').map(Number) as [number, number];
    const next =
      month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
    return { start: clinicDayStart(first), end: clinicDayStart(next) };
  }
  if (isClinicDay(value)) {
    return { start: clinicDayStart(value), end: clinicDayStart(addClinicDays(value, 1)) };
  }
  const parts = dateTimePattern.exec(value);
  if (!parts) return null;
  const [, day = '', hours, minutes, seconds, fraction, zone] = parts;
  if (!isClinicDay(day)) return null;
  if (Number(hours) > 23 || Number(minutes) > 59 || Number(seconds ?? 0) > 59) return null;
  const local = `${day}T${hours}:${minutes}:${seconds ?? '00'}${fraction ?? ''}`;
  const start = new Date(`${local}${zone ?? '+05:45'}`);
  if (Number.isNaN(start.getTime())) return null;
  // To the precision given: a minute, a second, or the milliseconds written.
  const step = fraction ? 1 : seconds ? 1_000 : 60_000;
  return { start, end: new Date(start.getTime() + step) };
}

/** One `date` (or `_lastUpdated`) value with its prefix, as a condition on a moment. */
export function dateConditionOf(raw: string, name = 'date'): DateCondition {
  const prefix = prefixes.find((candidate): candidate is Prefix => raw.startsWith(candidate));
  const value = prefix ? raw.slice(2) : raw;
  const range = dateRangeOf(value);
  if (!range) throw refused(`The ${name} "${raw}" is not a FHIR date.`);
  switch (prefix ?? 'eq') {
    case 'eq':
      return { kind: 'within', from: range.start, before: range.end };
    case 'ne':
      return { kind: 'outside', start: range.start, end: range.end };
    case 'gt':
    case 'sa':
      return { kind: 'within', from: range.end, before: null };
    case 'ge':
      return { kind: 'within', from: range.start, before: null };
    case 'lt':
    case 'eb':
      return { kind: 'within', from: null, before: range.start };
    case 'le':
      return { kind: 'within', from: null, before: range.end };
  }
}

/** Every condition of a parameter given once, several times, or not at all. */
export function dateConditionsOf(raw: string | string[] | undefined, name: string) {
  if (raw === undefined) return [];
  return (Array.isArray(raw) ? raw : [raw]).map((one) => dateConditionOf(one, name));
}

/** `_count`: how many entries a page holds (1 to the most a page holds). */
export function pageSizeOf(raw: string | undefined): number {
  if (raw === undefined) return fhirPageSizes.default;
  const count = Number(raw);
  if (!/^\d+$/.test(raw) || count < 1) {
    throw refused('_count must be a whole number of at least 1.');
  }
  return Math.min(count, fhirPageSizes.max);
}

/**
 * A reference to a resource of one type, as `patient`, `subject`, `actor` and `schedule` take
 * it: `<Type>/<id>`, a full URL ending so, or the bare id.
 */
export function referenceOf(raw: string, name: string, type: string): string {
  const match = new RegExp(`^(?:(?:.*/)?${type}/)?([A-Za-z0-9\\-.]{1,64})$`).exec(raw.trim());
  const id = match?.[1];
  if (id === undefined) throw refused(`${name} must name a ${type}, as ${type}/<id>.`);
  return id;
}

/** A reference to a patient (`patient`, `subject`). */
export const patientReferenceOf = (raw: string, name: string) => referenceOf(raw, name, 'Patient');

/** A token (`[system|]code`, comma-separated for any of several) as system and code pairs. */
export function tokensOf(raw: string): { system: string | null; code: string }[] {
  return raw.split(',').map((one) => {
    const bar = one.indexOf('|');
    const system = bar < 0 ? null : one.slice(0, bar);
    const code = bar < 0 ? one : one.slice(bar + 1);
    if (code === '') throw refused(`The token "${one}" has no code.`);
    return { system: system === '' ? null : system, code };
  });
}

/** Where a page of a search continues: after this moment and id, newest first. */
export interface PageCursor {
  at: Date;
  id: string;
}

/** The `_cursor` of a `next` link: opaque to the client, read back here. */
export function cursorText(cursor: PageCursor): string {
  return Buffer.from(`${cursor.at.toISOString()} ${cursor.id}`).toString('base64url');
}

export function cursorOf(raw: string | undefined): PageCursor | null {
  if (raw === undefined) return null;
  const [at = '', id = ''] = Buffer.from(raw, 'base64url').toString().split(' ');
  const moment = new Date(at);
  if (Number.isNaN(moment.getTime()) || !/^[A-Za-z0-9\-.]{1,64}$/.test(id)) {
    throw refused('_cursor is not one this server gave.');
  }
  return { at: moment, id };
}
