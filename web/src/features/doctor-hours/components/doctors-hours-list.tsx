import { ChevronRightIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useDoctors } from '../api/get-doctors';
import { addDoctorHoursStrings } from '../doctor-hours-strings';

addDoctorHoursStrings();

/** A manager's list of the clinic's doctors, each with a link to their hours. */
export function DoctorsHoursList() {
  const { t } = useTranslation();
  const titleId = useId();
  const doctors = useDoctors();
  return (
    <section aria-labelledby={titleId} aria-busy={doctors.isPending} className="mt-4 grid gap-2">
      <h2 id={titleId} className="text-lg font-semibold">
        {t('doctorHours.list.title')}
      </h2>
      {doctors.isError ? (
        <p role="alert" className="text-accent-700 text-sm">
          {t('doctorHours.list.failed')}
        </p>
      ) : !doctors.data ? (
        <div aria-hidden="true" className="bg-muted h-14 animate-pulse rounded-xl" />
      ) : doctors.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t('doctorHours.list.empty')}</p>
      ) : (
        <ul className="grid gap-2">
          {doctors.data.map((doctor) => (
            <li key={doctor.id}>
              <Link
                href={`/hours/${encodeURIComponent(doctor.id)}`}
                className="border-border bg-card hover:bg-muted flex items-center gap-3 rounded-xl border p-3 shadow-sm"
              >
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate font-semibold">{doctor.name}</span>
                  <span className="text-muted-foreground text-sm">
                    {doctor.saved ? t('doctorHours.list.saved') : t('doctorHours.list.notSaved')}
                  </span>
                </span>
                <ChevronRightIcon className="size-5 shrink-0" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
