import { Fragment, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { adherenceDays, type Medication } from '@shared/medications';
import { Card, CardTitle } from '@/components/ui/card';
import { useNumberFormat } from '@/lib/number-format';
import { addChartStrings } from '../chart-strings';

addChartStrings();

/** How the page draws one medication, with what the chart adds to it. */
export type MedicationItemOf = (
  medication: Medication,
  parts: { details: ReactNode; actions?: ReactNode },
) => ReactNode;

/** Doses taken and missed in the last `adherenceDays` days. */
function Adherence({ medication }: { medication: Medication }) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  return (
    <p className="text-sm font-medium">
      {t('chart.medications.adherence', {
        count: adherenceDays,
        days: format.number(adherenceDays),
        taken: format.number(medication.adherence.taken),
        missed: format.number(medication.adherence.missed),
      })}
    </p>
  );
}

/**
 * The patient's medications: active ones with their adherence (and what the page lets a
 * doctor do with each), then past ones.
 */
export function ChartMedications({
  medications,
  itemOf,
  actionsOf,
  prescribing,
}: {
  medications: Medication[];
  /** The page's drawing of a medication. */
  itemOf: MedicationItemOf;
  /** What the page offers beside an active medication (stopping it). */
  actionsOf?: (medication: Medication) => ReactNode;
  /** The page's way to prescribe. */
  prescribing?: ReactNode;
}) {
  const { t } = useTranslation();
  const activeId = useId();
  const pastId = useId();
  const active = medications.filter((medication) => medication.status === 'active');
  const past = medications.filter((medication) => medication.status !== 'active');
  return (
    <>
      <Card aria-labelledby={activeId} className="grid gap-3">
        <CardTitle id={activeId}>{t('chart.medications.active')}</CardTitle>
        {active.length === 0 ? (
          <p className="text-muted-foreground text-sm">{t('chart.medications.noneActive')}</p>
        ) : (
          <ul className="grid gap-2">
            {active.map((medication) => (
              <Fragment key={medication.id}>
                {itemOf(medication, {
                  details: <Adherence medication={medication} />,
                  actions: actionsOf?.(medication),
                })}
              </Fragment>
            ))}
          </ul>
        )}
        {prescribing}
      </Card>
      <Card aria-labelledby={pastId} className="grid gap-3">
        <CardTitle id={pastId}>{t('chart.medications.past')}</CardTitle>
        {past.length === 0 ? (
          <p className="text-muted-foreground text-sm">{t('chart.medications.nonePast')}</p>
        ) : (
          <ul className="grid gap-2">
            {past.map((medication) => (
              <Fragment key={medication.id}>{itemOf(medication, { details: null })}</Fragment>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
