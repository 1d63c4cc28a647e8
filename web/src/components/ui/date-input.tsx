import { useId, useState, type ChangeEvent, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isClinicDay, type ClinicDay } from '@shared/clinic-time';
import { devanagariDigits } from '@shared/date-words';
import { latinDigits } from '@shared/digits';
import type { BsDate } from '@shared/bs-calendar';
import type { NepaliCalendar } from '@shared/nepali-date-words';
import { cn } from '@/lib/cn';
import { useNepaliCalendar } from '@/lib/dates';
import { Input } from './input';
import { Label } from './label';

/** What every date input takes: the AD day it holds (`YYYY-MM-DD`, or '' for none). */
export interface DateInputProps {
  id?: string;
  /** A clinic day, or '' for none. */
  value: ClinicDay;
  onChange: (day: ClinicDay) => void;
  min?: ClinicDay | undefined;
  max?: ClinicDay | undefined;
  'aria-invalid'?: true | undefined;
  'aria-describedby'?: string | undefined;
  /** Names the control when no `<label>` points at it (the Nepali one is a group). */
  'aria-label'?: string | undefined;
  'aria-labelledby'?: string | undefined;
  className?: string | undefined;
}

const selectClass =
  'border-border bg-card focus-visible:outline-ring aria-invalid:border-accent-600 min-h-11 w-full min-w-0 rounded-lg border px-2 py-2 text-base';

type Draft = Partial<BsDate>;

/** The BS years a picker offers: the table's, within the earliest and latest days allowed. */
function yearsOf(calendar: NepaliCalendar, min?: ClinicDay, max?: ClinicDay): number[] {
  const first = (min && calendar.toBs(min)?.year) || calendar.firstYear;
  const last = (max && calendar.toBs(max)?.year) || calendar.lastYear;
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

/**
 * A BS date as three selects, year, month (as the dates name them) and day, in Devanagari
 * digits. It answers the AD day once all three name one, and '' until then.
 */
function BsDateInput({
  calendar,
  id,
  value,
  onChange,
  min,
  max,
  className,
  ...aria
}: DateInputProps & { calendar: NepaliCalendar }) {
  const { t } = useTranslation();
  const ownId = useId();
  const groupId = id ?? ownId;
  // What is chosen while it is not yet a whole date; a whole date lives in `value` alone.
  const [draft, setDraft] = useState<Draft>({});
  const shown: Draft = (isClinicDay(value) && calendar.toBs(value)) || draft;
  const length =
    shown.year && shown.month ? (calendar.monthLength(shown.year, shown.month) ?? 32) : 32;

  const choose = (part: keyof BsDate) => (event: ChangeEvent<HTMLSelectElement>) => {
    const chosen = event.target.value === '' ? undefined : Number(event.target.value);
    const next: Draft = { ...shown, [part]: chosen };
    const { year, month, day } = next;
    if (year && month && day) {
      // A day past the new month's end is its last day: Chaitra 31 to Baisakh is Baisakh 31.
      const last = calendar.monthLength(year, month) ?? day;
      const ad = calendar.toAd({ year, month, day: Math.min(day, last) });
      if (ad) {
        setDraft({});
        onChange(ad);
        return;
      }
    }
    setDraft(next);
    onChange('');
  };

  const unset = <option value="">{t('dateInput.unset')}</option>;
  return (
    <div
      id={groupId}
      role="group"
      className={cn('grid grid-cols-[1fr_1.4fr_1fr] gap-2', className)}
      {...aria}
    >
      <select
        aria-label={t('dateInput.year')}
        className={selectClass}
        value={shown.year ?? ''}
        onChange={choose('year')}
        aria-invalid={aria['aria-invalid']}
      >
        {unset}
        {yearsOf(calendar, min, max).map((year) => (
          <option key={year} value={year}>
            {devanagariDigits(String(year))}
          </option>
        ))}
      </select>
      <select
        aria-label={t('dateInput.month')}
        className={selectClass}
        value={shown.month ?? ''}
        onChange={choose('month')}
        aria-invalid={aria['aria-invalid']}
      >
        {unset}
        {calendar.monthNames.map((name, index) => (
          <option key={name} value={index + 1}>
            {name}
          </option>
        ))}
      </select>
      <select
        aria-label={t('dateInput.day')}
        className={selectClass}
        value={shown.day ?? ''}
        onChange={choose('day')}
        aria-invalid={aria['aria-invalid']}
      >
        {unset}
        {Array.from({ length }, (_, index) => index + 1).map((day) => (
          <option key={day} value={day}>
            {devanagariDigits(String(day))}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The one date input: in Nepali a Bikram Sambat date with Devanagari digits, in English the
 * browser's AD date picker. Both hold the AD day, so forms and the server see one calendar.
 */
export function DateInput(props: DateInputProps) {
  const calendar = useNepaliCalendar();
  if (calendar) return <BsDateInput calendar={calendar} {...props} />;
  const { value, onChange, ...rest } = props;
  return (
    <Input type="date" value={value} onChange={(event) => onChange(event.target.value)} {...rest} />
  );
}

/**
 * A time of day on the clinic's 24-hour clock ("19:51"), typed as text: the browser's own
 * time picker follows the phone's locale (7:51 PM) and its digits. Shown in the reader's
 * digits, handed on in Latin ones.
 */
export function TimeInput({
  value,
  onChange,
  className,
  ...props
}: Omit<ComponentProps<'input'>, 'value' | 'onChange'> & {
  value: string;
  onChange: (time: string) => void;
}) {
  const { i18n } = useTranslation();
  const nepali = i18n.resolvedLanguage === 'ne';
  return (
    <Input
      inputMode="numeric"
      autoComplete="off"
      maxLength={5}
      className={cn('tabular-nums', className)}
      value={nepali ? devanagariDigits(value) : value}
      onChange={(event) => onChange(latinDigits(event.target.value))}
      {...props}
    />
  );
}

/** A labelled date input with its hint and error, as `TextField` is for text. */
export function DateField({
  label,
  hint,
  error,
  id,
  className,
  ...props
}: DateInputProps & { label: string; hint?: ReactNode; error?: string | null | undefined }) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const labelId = `${inputId}-label`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label id={labelId} htmlFor={inputId}>
        {label}
      </Label>
      <DateInput
        id={inputId}
        aria-labelledby={labelId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...props}
      />
      {hint && (
        <div id={hintId} className="text-muted-foreground text-xs">
          {hint}
        </div>
      )}
      {error && (
        <p id={errorId} className="text-accent-700 text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
