import { CalendarOffIcon, InfoIcon, XIcon } from 'lucide-react';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  saveDoctorHoursSchema,
  slotMinuteChoices,
  weekdays,
  type DoctorHours,
  type SaveDoctorHours,
  type Weekday,
} from '@shared/appointments';
import { clinicToday, isClinicDay } from '@shared/clinic-time';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { FormError } from '@/components/ui/form-message';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiRequestError } from '@/lib/api-client';
import { useDates } from '@/lib/dates';
import { errorMessage, type ErrorMessages } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import { useSaveDoctorHours } from '../api/save-doctor-hours';
import { addDoctorHoursStrings } from '../doctor-hours-strings';

addDoctorHoursStrings();

/** The schema's refusals (on the device and from the server) in the editor's words. */
const refusalWords = {
  'The end of the day must be after its start': 'doctorHours.errors.endBeforeStart',
  'Please give a time as HH:mm': 'doctorHours.errors.time',
  'Please give a date as YYYY-MM-DD': 'doctorHours.errors.date',
  'Please choose a slot length': 'doctorHours.errors.slotLength',
  'At most 120 days off can be listed': 'doctorHours.errors.tooManyDaysOff',
  'Each day of the week can be listed once': 'doctorHours.errors.duplicateDay',
  'A week has seven days': 'doctorHours.errors.duplicateDay',
} as const;

const serverMessages: ErrorMessages = {
  not_found: 'doctorHours.errors.not_found',
  forbidden: 'doctorHours.errors.forbidden',
  network: 'doctorHours.errors.network',
};

function refusalKey(message: string | undefined) {
  return message !== undefined && Object.hasOwn(refusalWords, message)
    ? refusalWords[message as keyof typeof refusalWords]
    : undefined;
}

interface DayRow {
  weekday: Weekday;
  works: boolean;
  start: string;
  end: string;
}

function rowsOf(hours: DoctorHours): DayRow[] {
  return weekdays.map((weekday) => {
    const day = hours.week.find((each) => each.weekday === weekday);
    return {
      weekday,
      works: day !== undefined,
      start: day?.start ?? '10:00',
      end: day?.end ?? '17:00',
    };
  });
}

/** One weekday: whether the doctor works it, and from when to when (clinic time). */
function DayFields({ row, onChange }: { row: DayRow; onChange: (row: DayRow) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const name = t(`doctorHours.weekdays.${row.weekday}`);
  return (
    <fieldset className="border-border grid gap-2 rounded-lg border p-3">
      <legend className="px-1 font-semibold">{name}</legend>
      <label className="flex min-h-10 items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-5"
          checked={row.works}
          onChange={(event) => onChange({ ...row, works: event.target.checked })}
        />
        {t('doctorHours.works')}
      </label>
      {row.works && (
        <div className="grid grid-cols-2 gap-2">
          <div className="grid gap-1">
            <Label htmlFor={`${id}-start`}>{t('doctorHours.start')}</Label>
            <Input
              id={`${id}-start`}
              type="time"
              step={300}
              value={row.start}
              onChange={(event) => onChange({ ...row, start: event.target.value })}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-end`}>{t('doctorHours.end')}</Label>
            <Input
              id={`${id}-end`}
              type="time"
              step={300}
              value={row.end}
              onChange={(event) => onChange({ ...row, end: event.target.value })}
            />
          </div>
        </div>
      )}
    </fieldset>
  );
}

type DayOffRefusal =
  | 'doctorHours.errors.dayOffMissing'
  | 'doctorHours.errors.dayOffPast'
  | 'doctorHours.errors.dayOffListed';

/** Single days off: added by date, each removable. */
function DaysOff({ days, onChange }: { days: string[]; onChange: (days: string[]) => void }) {
  const { t } = useTranslation();
  const dates = useDates();
  const id = useId();
  const [adding, setAdding] = useState('');
  // Why the day chosen cannot be added, said rather than the press doing nothing.
  const [refusal, setRefusal] = useState<DayOffRefusal | null>(null);
  const add = () => {
    const refused = !isClinicDay(adding)
      ? 'doctorHours.errors.dayOffMissing'
      : adding < clinicToday()
        ? 'doctorHours.errors.dayOffPast'
        : days.includes(adding)
          ? 'doctorHours.errors.dayOffListed'
          : null;
    setRefusal(refused);
    if (refused) return;
    onChange([...days, adding].sort());
    setAdding('');
  };
  return (
    <fieldset className="border-border grid gap-2 rounded-lg border p-3">
      <legend className="px-1 font-semibold">{t('doctorHours.daysOff')}</legend>
      {days.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t('doctorHours.noDaysOff')}</p>
      ) : (
        <ul className="grid gap-1">
          {days.map((day) => (
            <li key={day} className="flex items-center justify-between gap-2 text-sm">
              <span className="flex items-center gap-2">
                <CalendarOffIcon className="size-4" aria-hidden="true" />
                {dates.longDay(day)}
              </span>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-label={t('doctorHours.removeDayOff', { day: dates.longDay(day) })}
                onClick={() => onChange(days.filter((each) => each !== day))}
              >
                <XIcon aria-hidden="true" />
                {t('doctorHours.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid min-w-0 flex-1 basis-56 gap-1">
          <Label id={`${id}-label`} htmlFor={id}>
            {t('doctorHours.dayOff')}
          </Label>
          <DateInput
            id={id}
            aria-labelledby={`${id}-label`}
            aria-invalid={refusal ? true : undefined}
            aria-describedby={refusal ? `${id}-refusal` : undefined}
            min={clinicToday()}
            value={adding}
            onChange={(day) => {
              setAdding(day);
              setRefusal(null);
            }}
          />
        </div>
        <Button type="button" variant="outline" onClick={add}>
          {t('doctorHours.addDayOff')}
        </Button>
      </div>
      {refusal && (
        <p id={`${id}-refusal`} role="alert" className="text-accent-700 text-sm">
          {t(refusal)}
        </p>
      )}
    </fieldset>
  );
}

/**
 * A doctor's working hours: each weekday worked and its span in clinic time, the slot length
 * and days off; "Save hours" replaces them all. Hours never saved start from the suggested
 * week and are said not to be offered for booking yet.
 */
export function HoursEditor({ hours }: { hours: DoctorHours }) {
  const { t } = useTranslation();
  const dates = useDates();
  const slotId = useId();
  const [rows, setRows] = useState(() => rowsOf(hours));
  const [slotMinutes, setSlotMinutes] = useState<number>(hours.slotMinutes);
  const [daysOff, setDaysOff] = useState(hours.daysOff);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveDoctorHours();

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = saveDoctorHoursSchema.safeParse({
      slotMinutes,
      week: rows
        .filter((row) => row.works)
        .map(({ weekday, start, end }) => ({ weekday, start, end })),
      daysOff,
    } satisfies Record<keyof SaveDoctorHours, unknown>);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const weekday =
        issue?.path[0] === 'week'
          ? rows.filter((row) => row.works)[Number(issue.path[1])]
          : undefined;
      const words = t(refusalKey(issue?.message) ?? 'doctorHours.errors.failed');
      setProblem(weekday ? `${t(`doctorHours.weekdays.${weekday.weekday}`)}: ${words}` : words);
      return;
    }
    setProblem(null);
    save.mutate(
      { doctorId: hours.doctorId, hours: parsed.data },
      {
        onSuccess: () => toast.success(t('doctorHours.saved')),
        onError: (error) => {
          const key = error instanceof ApiRequestError ? refusalKey(error.message) : undefined;
          setProblem(
            key ? t(key) : errorMessage(t, error, t('doctorHours.errors.failed'), serverMessages),
          );
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      {!hours.saved && (
        <p
          role="status"
          className="bg-brand-50 text-brand-800 flex gap-2 rounded-lg px-3 py-2 text-sm"
        >
          <InfoIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('doctorHours.notSaved')}
        </p>
      )}
      <p className="text-muted-foreground text-sm">{t('doctorHours.clinicTime')}</p>
      {rows.map((row) => (
        <DayFields
          key={row.weekday}
          row={row}
          onChange={(next) =>
            setRows(rows.map((each) => (each.weekday === next.weekday ? next : each)))
          }
        />
      ))}
      <div className="grid gap-1.5">
        <Label htmlFor={slotId}>{t('doctorHours.slotLength')}</Label>
        <select
          id={slotId}
          className="border-border bg-card focus-visible:outline-ring min-h-11 rounded-lg border px-3 py-2 text-base"
          value={slotMinutes}
          onChange={(event) => setSlotMinutes(Number(event.target.value))}
        >
          {slotMinuteChoices.map((minutes) => (
            <option key={minutes} value={minutes}>
              {t('doctorHours.minutes', { count: minutes, number: dates.digits(String(minutes)) })}
            </option>
          ))}
        </select>
      </div>
      <DaysOff days={daysOff} onChange={setDaysOff} />
      {problem && <FormError>{problem}</FormError>}
      <Button type="submit" size="lg" disabled={save.isPending}>
        {t('doctorHours.save')}
      </Button>
    </form>
  );
}
