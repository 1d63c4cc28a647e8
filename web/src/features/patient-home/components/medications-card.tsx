import { CheckIcon, PillIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { doseStateAt, type TimeOfDay } from '@shared/medications';
import { Button } from '@/components/ui/button';
import { useDates } from '@/lib/dates';
import { useDosageWords, type Dosage } from '@/lib/dosage-words';
import { useNow } from '@/lib/use-now';
import { DashboardCard } from './dashboard-card';

/** A dose of today as the card shows it; the page hands them in from the patient's record. */
export interface DoseDue extends Dosage {
  key: string;
  /** As the doctor wrote it. */
  medicine: string;
  timeOfDay: TimeOfDay;
  /** The doctor's note, as written. */
  note: string | null;
  /** When it is due, an ISO moment, shown on the clinic's clock. */
  at: string;
  taken: boolean;
  /** "Taken" was pressed, but the server refused it: it may be pressed again. */
  refused?: boolean;
}

/**
 * Today's doses in time order, each in the reader's language ("1 tablet, morning, after
 * food"); "Taken" is one-way: it cannot be undone, and a dose taken reads "Marked as taken"
 * wherever the patient looks. One not taken past its time reads "Late" for the grace
 * (`lateGraceMinutes`), then "Missed"; it may still be marked taken. `'loading'` while the
 * doses are on their way.
 */
export function MedicationsCard({
  doses,
  activeMedications = false,
  onTaken,
}: {
  doses: DoseDue[] | 'loading';
  /**
   * Whether a medicine is active though no dose of today is listed (one prescribed this
   * evening for the morning): the card then says so, not that there is none.
   */
  activeMedications?: boolean;
  /** "Taken" on a dose; none offered without it (someone cared for who keeps that to themselves). */
  onTaken?: (dose: DoseDue) => void;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const words = useDosageWords();
  const now = useNow(60_000);
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
        <p className="text-muted-foreground text-sm">
          {activeMedications
            ? t('patientHome.medications.noneToday')
            : t('patientHome.medications.none')}
        </p>
      ) : (
        <ul className="divide-border grid divide-y">
          {doses.map((dose) => {
            const state = doseStateAt(dose.at, dose.taken, now);
            return (
              <li key={dose.key} className="flex items-center gap-3 py-2 first:pt-0 last:pb-0">
                <PillIcon className="text-brand-700 size-5 shrink-0" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p id={`dose-${dose.key}`} className="font-medium break-words">
                    {t('patientHome.medications.nameAndDose', {
                      name: dose.medicine,
                      dose: words.at(dose, dose.timeOfDay),
                    })}
                  </p>
                  <p className="text-muted-foreground text-xs break-words">
                    {dose.note
                      ? t('patientHome.medications.dueWithNote', {
                          time: dates.time(dose.at),
                          note: dose.note,
                        })
                      : t('patientHome.medications.due', { time: dates.time(dose.at) })}
                  </p>
                  {(state === 'late' || state === 'missed') && (
                    <p className="text-accent-700 text-xs font-semibold">
                      {t(`patientHome.medications.${state}`)}
                    </p>
                  )}
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
            );
          })}
        </ul>
      )}
    </DashboardCard>
  );
}
