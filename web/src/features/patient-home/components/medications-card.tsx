import { CheckIcon, PillIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useDates } from '@/lib/dates';
import { DashboardCard } from './dashboard-card';

/** A dose of today as the card shows it; the page hands them in from the patient's record. */
export interface DoseDue {
  key: string;
  medicine: string;
  dose: string;
  instruction: string | null;
  /** When it is due, an ISO moment, shown on the clinic's clock. */
  at: string;
  taken: boolean;
  /** "Taken" was pressed, but the server refused it: it may be pressed again. */
  refused?: boolean;
}

/**
 * Today's doses in time order; "Taken" is one-way: it cannot be undone, and a dose taken
 * reads "Marked as taken" wherever the patient looks. `'loading'` while the doses are on
 * their way.
 */
export function MedicationsCard({
  doses,
  onTaken,
}: {
  doses: DoseDue[] | 'loading';
  /** "Taken" on a dose; none offered without it (someone cared for who keeps that to themselves). */
  onTaken?: (dose: DoseDue) => void;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  if (doses === 'loading') {
    return (
      <DashboardCard title={t('patientHome.medications.title')} busy>
        <div aria-hidden="true" className="bg-muted h-10 animate-pulse rounded-lg" />
      </DashboardCard>
    );
  }
  return (
    <DashboardCard title={t('patientHome.medications.title')}>
      {doses.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t('patientHome.medications.none')}</p>
      ) : (
        <ul className="divide-border grid divide-y">
          {doses.map((dose) => (
            <li key={dose.key} className="flex items-center gap-3 py-2 first:pt-0 last:pb-0">
              <PillIcon className="text-brand-700 size-5 shrink-0" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p id={`dose-${dose.key}`} className="font-medium break-words">
                  {t('patientHome.medications.nameAndDose', {
                    name: dose.medicine,
                    dose: dose.dose,
                  })}
                </p>
                <p className="text-muted-foreground text-xs break-words">
                  {dose.instruction
                    ? t('patientHome.medications.dueWithInstruction', {
                        time: dates.time(dose.at),
                        instruction: dose.instruction,
                      })
                    : t('patientHome.medications.due', { time: dates.time(dose.at) })}
                </p>
                {dose.refused && (
                  <p className="text-accent-700 text-xs font-medium">
                    {t('patientHome.medications.notSent')}
                  </p>
                )}
              </div>
              {dose.taken ? (
                <p
                  role="status"
                  className="flex shrink-0 items-center gap-1 text-xs font-semibold text-green-800"
                >
                  <CheckIcon className="size-4" aria-hidden="true" />
                  {t('patientHome.medications.markedAsTaken')}
                </p>
              ) : (
                onTaken && (
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    aria-describedby={`dose-${dose.key}`}
                    onClick={() => onTaken(dose)}
                  >
                    {t('patientHome.medications.taken')}
                  </Button>
                )
              )}
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}
