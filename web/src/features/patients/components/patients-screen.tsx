import {
  CalendarClockIcon,
  ChevronRightIcon,
  MailIcon,
  PhoneIcon,
  PillIcon,
  UserSearchIcon,
  CircleAlertIcon,
  ClockIcon,
} from 'lucide-react';
import { useDeferredValue, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { chartPath } from '@shared/pages';
import type {
  CarePatient,
  ClinicPatient,
  PatientList,
  PatientListAppointment,
} from '@shared/patient-list';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { PageHeader } from '@/components/layout/page-header';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useDates } from '@/lib/dates';
import { errorMessage } from '@/lib/error-messages';
import { useNumberFormat } from '@/lib/number-format';
import { usePatients } from '../api/get-patients';
import { addPatientsStrings } from '../patients-strings';

addPatientsStrings();

const refusals = { forbidden: 'patients.notYours' } as const;

/** "Next appointment: Tomorrow 10:00 with Dr …", in clinic time. */
function AppointmentLine({
  appointment,
  which,
}: {
  appointment: PatientListAppointment;
  which: 'nextAppointment' | 'lastAppointment';
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const when = `${dates.nearDateOr(appointment.startsAt)} ${dates.time(appointment.startsAt)}`;
  return (
    <p className="text-brand-700 flex items-start gap-1 text-sm">
      <CalendarClockIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span className="min-w-0 break-words">
        {t(`patients.${which}`, { when, doctor: appointment.doctorName })}
      </span>
    </p>
  );
}

/** A patient in the doctor's care: the row opens the chart. */
function CareRow({ patient }: { patient: CarePatient }) {
  const { t } = useTranslation();
  const dates = useDates();
  const format = useNumberFormat();
  const flagged = patient.flags.length > 0 || patient.missedDoses > 0;
  return (
    <li>
      <Link
        href={chartPath(patient.id)}
        className={`border-border bg-card hover:bg-muted flex items-center gap-3 rounded-xl border p-3 shadow-sm ${flagged ? 'border-l-accent-500 border-l-4' : ''}`}
      >
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <p className="font-semibold break-words">{patient.name}</p>
          {flagged && (
            <div className="flex flex-wrap items-center gap-1">
              {patient.flags.map((flag) => (
                <span
                  key={flag}
                  className="bg-accent-50 text-accent-700 inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold"
                >
                  <CircleAlertIcon className="size-3.5" aria-hidden="true" />
                  {/* The doctor's day names the same flags in the same words. */}
                  {t(`appointments.flags.${flag}`)}
                </span>
              ))}
              {patient.missedDoses > 0 && (
                <span className="bg-accent-50 text-accent-700 inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold">
                  <PillIcon className="size-3.5" aria-hidden="true" />
                  {t('patients.missedDoses', {
                    count: patient.missedDoses,
                    number: format.number(patient.missedDoses),
                  })}
                </span>
              )}
            </div>
          )}
          <p className="text-muted-foreground flex items-start gap-1 text-sm">
            <ClockIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span className="min-w-0 break-words">
              {patient.lastVisitAt === null
                ? t('patients.noVisit')
                : t('patients.lastVisit', { when: dates.dateTime(patient.lastVisitAt) })}
            </span>
          </p>
          {patient.nextAppointment && (
            <AppointmentLine appointment={patient.nextAppointment} which="nextAppointment" />
          )}
          {patient.phone && (
            <p className="text-muted-foreground text-sm" dir="ltr">
              {dates.digits(patient.phone)}
            </p>
          )}
        </div>
        <ChevronRightIcon className="text-muted-foreground size-5 shrink-0" aria-hidden="true" />
      </Link>
    </li>
  );
}

/** A patient of the manager's clinic: how to reach them and their appointments. */
function ClinicRow({ patient }: { patient: ClinicPatient }) {
  const { t } = useTranslation();
  const dates = useDates();
  return (
    <li className="border-border bg-card flex flex-col gap-2 rounded-xl border p-3 shadow-sm">
      <p className="font-semibold break-words">{patient.name}</p>
      {patient.nextAppointment ? (
        <AppointmentLine appointment={patient.nextAppointment} which="nextAppointment" />
      ) : (
        <p className="text-muted-foreground text-sm">{t('patients.noAppointment')}</p>
      )}
      {patient.lastAppointment && (
        <AppointmentLine appointment={patient.lastAppointment} which="lastAppointment" />
      )}
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {patient.phone && (
          <a
            href={`tel:${patient.phone}`}
            aria-label={t('patients.call', { name: patient.name })}
            className="text-brand-700 inline-flex min-h-11 items-center gap-1 font-medium"
            dir="ltr"
          >
            <PhoneIcon className="size-4" aria-hidden="true" />
            {dates.digits(patient.phone)}
          </a>
        )}
        {patient.email && (
          <a
            href={`mailto:${patient.email}`}
            aria-label={t('patients.mail', { name: patient.name })}
            className="text-brand-700 inline-flex min-h-11 max-w-full min-w-0 items-center gap-1 font-medium"
          >
            <MailIcon className="size-4 shrink-0" aria-hidden="true" />
            <span className="min-w-0 break-all">{patient.email}</span>
          </a>
        )}
        {!patient.phone && !patient.email && (
          <p className="text-muted-foreground">{t('patients.noContact')}</p>
        )}
      </div>
    </li>
  );
}

function Rows({ list }: { list: PatientList }) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t('patients.listLabel')} className="flex flex-col gap-2">
      {list.view === 'care'
        ? list.patients.map((patient) => <CareRow key={patient.id} patient={patient} />)
        : list.patients.map((patient) => <ClinicRow key={patient.id} patient={patient} />)}
    </ul>
  );
}

/** `/patients`: a doctor's patients in care, or a manager's clinic's, searched by name or phone. */
export function PatientsScreen() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const patients = usePatients(useDeferredValue(search));
  const list = patients.data;
  let body: ReactNode;
  if (list !== undefined) {
    body =
      list.patients.length === 0 ? (
        <p className="text-muted-foreground py-6 text-center">
          {search.trim() ? t('patients.noMatch') : t('patients.empty')}
        </p>
      ) : (
        <Rows list={list} />
      );
  } else if (patients.isError) {
    body = (
      <p role="alert" className="text-accent-700 py-6 text-center">
        {errorMessage(t, patients.error, t('patients.failed'), refusals)}
      </p>
    );
  } else {
    body = (
      <div className="flex justify-center py-10">
        <Spinner label={t('app.loading')} />
      </div>
    );
  }
  return (
    <>
      <PageHeader title={t('nav.patients')} actions={<LanguageToggle />} />
      {list && (
        <p className="text-muted-foreground mb-3 text-sm">
          {list.view === 'care' ? t('patients.careIntro') : t('patients.clinicIntro')}
        </p>
      )}
      <div className="relative mb-4">
        <UserSearchIcon
          className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label={t('patients.search')}
          placeholder={t('patients.search')}
          className="pl-9"
          value={search}
          maxLength={100}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {body}
    </>
  );
}
