import { ClockIcon, MegaphoneIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ClinicHours, ClinicSpan } from '@shared/appointments';
import { clinicDayOf, clinicTimeOf, clinicToday, nearDay } from '@shared/clinic-time';
import { useDates } from '@/lib/dates';
import { useNumberFormat } from '@/lib/number-format';
import { useAnnouncements } from '../api/get-announcements';
import { useClinicHours } from '../api/get-clinic-hours';
import { clinicAnnouncements } from '../clinic-announcements';
import { DashboardCard } from './dashboard-card';

/** A clinic time as the announcement reads it: "7:30", "19:00". */
const clock = (time: string) => time.replace(/^0(\d)/, '$1');

/**
 * What the clinic's hours say, in the reader's words, and, when nobody is on duty within
 * today's hours, when a doctor next is; nothing while they are not known.
 */
function useHoursWords(hours: ClinicHours | undefined): string[] {
  const { t } = useTranslation();
  const dates = useDates();
  if (!hours) return [];
  const spans = (list: readonly ClinicSpan[]) =>
    list.map((span) => dates.digits(`${clock(span.start)}–${clock(span.end)}`)).join(', ');
  let next: string | null = null;
  if (hours.nextAt !== null) {
    const day = clinicDayOf(hours.nextAt);
    const time = dates.digits(clinicTimeOf(hours.nextAt));
    const near = nearDay(day, clinicToday());
    next =
      near === 'today' || near === 'tomorrow'
        ? t(`patientHome.announcements.${near}`, { time })
        : t('patientHome.announcements.onDay', { day: dates.weekdayAndDay(day), time });
  }
  if (hours.today.length === 0) {
    return [
      next
        ? t('patientHome.announcements.closedToday', { when: next })
        : t('patientHome.announcements.noHours'),
    ];
  }
  const words = hours.daily
    ? t('patientHome.announcements.clinicHours', { hours: spans(hours.today) })
    : t('patientHome.announcements.clinicHoursToday', { hours: spans(hours.today) });
  return !hours.onDuty && next
    ? [words, t('patientHome.announcements.offDuty', { when: next })]
    : [words];
}

export function AnnouncementsCard() {
  const { t, i18n } = useTranslation();
  const format = useNumberFormat();
  const hours = useHoursWords(useClinicHours().data);
  const clinics = useAnnouncements().data?.announcements ?? [];
  const nepali = i18n.resolvedLanguage === 'ne';
  const { eCheckInOpensMinutesBefore } = clinicAnnouncements;
  return (
    <DashboardCard title={t('patientHome.announcements.title')}>
      <ul className="grid gap-2 text-sm">
        {hours.map((words) => (
          <li key={words} className="flex gap-2">
            <ClockIcon className="text-brand-700 mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {words}
          </li>
        ))}
        {/* What each clinic that cares for the reader says, as its administrator wrote it. */}
        {clinics.map((announcement) => (
          <li key={announcement.clinicId} className="flex gap-2">
            <MegaphoneIcon className="text-brand-700 mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span className="min-w-0 break-words">
              <span className="font-semibold">{announcement.clinicName}:</span>{' '}
              {nepali ? announcement.ne : announcement.en}
            </span>
          </li>
        ))}
        <li className="flex gap-2">
          <MegaphoneIcon className="text-brand-700 mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('patientHome.announcements.eCheckIn', {
            minutes: format.number(eCheckInOpensMinutesBefore),
          })}
        </li>
      </ul>
    </DashboardCard>
  );
}
