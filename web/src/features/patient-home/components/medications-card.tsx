import { CheckIcon, PillIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useDates } from '@/lib/dates';
import { useNumberFormat } from '@/lib/number-format';
import type { Medication } from '../sample-patient-data';
import { DashboardCard } from './dashboard-card';

/** Today's doses; "Taken" is local and one-way: it cannot be undone. */
export function MedicationsCard({ medications }: { medications: Medication[] }) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const dates = useDates();
  const [taken, setTaken] = useState<ReadonlySet<string>>(new Set());
  return (
    <DashboardCard title={t('patientHome.medications.title')}>
      <ul className="divide-border grid divide-y">
        {medications.map((medication) => {
          const isTaken = taken.has(medication.id);
          return (
            <li key={medication.id} className="flex items-center gap-3 py-2 first:pt-0 last:pb-0">
              <PillIcon className="text-brand-700 size-5 shrink-0" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p id={`medication-${medication.id}`} className="font-medium">
                  {t('patientHome.medications.nameAndDose', {
                    name: medication.name,
                    dose: format.number(medication.doseMg),
                  })}
                </p>
                <p className="text-muted-foreground text-xs">
                  {t('patientHome.medications.due', {
                    time: dates.clock(medication.dueAt),
                    instruction: t(`patientHome.sample.instructions.${medication.instruction}`),
                  })}
                </p>
              </div>
              {isTaken ? (
                <p
                  role="status"
                  className="flex items-center gap-1 text-xs font-semibold text-green-800"
                >
                  <CheckIcon className="size-4" aria-hidden="true" />
                  {t('patientHome.medications.markedAsTaken')}
                </p>
              ) : (
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  aria-describedby={`medication-${medication.id}`}
                  onClick={() => setTaken((before) => new Set(before).add(medication.id))}
                >
                  {t('patientHome.medications.taken')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </DashboardCard>
  );
}
