import { TriangleAlertIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { chartTrendDays, type Chart } from '@shared/chart';
import type { VitalFlag, VitalsReading } from '@shared/vitals';
import { Card, CardTitle } from '@/components/ui/card';
import { useDates } from '@/lib/dates';
import { useNumberFormat } from '@/lib/number-format';
import { addChartStrings } from '../chart-strings';

addChartStrings();

type Single = 'heartRate' | 'oxygenSaturation' | 'weight';
type UnitKey = 'bpm' | 'percent' | 'kg' | 'mmHg';
const unitOf: Record<Single, UnitKey> = {
  heartRate: 'bpm',
  oxygenSaturation: 'percent',
  weight: 'kg',
};

function Flags({ flags }: { flags: readonly VitalFlag[] }) {
  const { t } = useTranslation();
  if (flags.length === 0) return null;
  return (
    <p className="text-accent-700 flex items-start gap-1 text-xs font-medium">
      <TriangleAlertIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
      <span>
        {t('chart.vitals.flagged')}:{' '}
        {flags.map((flag) => t(`chart.vitals.flags.${flag}`)).join(' ')}
      </span>
    </p>
  );
}

/** Each measure's latest value, when it was taken and whether it is past a threshold. */
function Latest({ latest }: { latest: Chart['vitals']['latest'] }) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const dates = useDates();
  const rows: {
    key: string;
    name: string;
    value: string;
    unit: string;
    takenAt: string;
    flags: VitalFlag[];
  }[] = [];
  for (const measure of ['heartRate', 'oxygenSaturation', 'weight'] as const) {
    const value = latest[measure];
    if (value) {
      rows.push({
        key: measure,
        name: t(`chart.vitals.measures.${measure}`),
        value: format.number(value.value),
        unit: t(`chart.vitals.units.${unitOf[measure]}`),
        takenAt: value.takenAt,
        flags: value.flags,
      });
    }
  }
  const pressure = latest.bloodPressure;
  if (pressure) {
    rows.push({
      key: 'bloodPressure',
      name: t('chart.vitals.measures.bloodPressure'),
      value: `${format.number(pressure.systolic)}/${format.number(pressure.diastolic)}`,
      unit: t('chart.vitals.units.mmHg'),
      takenAt: pressure.takenAt,
      flags: pressure.flags,
    });
  }
  if (rows.length === 0)
    return <p className="text-muted-foreground text-sm">{t('chart.vitals.none')}</p>;
  return (
    <dl className="grid grid-cols-1 gap-2 min-[420px]:grid-cols-2">
      {rows.map((row) => (
        <div
          key={row.key}
          className={
            row.flags.length > 0
              ? 'border-accent-500 bg-accent-50 grid gap-0.5 rounded-lg border p-3'
              : 'bg-muted grid gap-0.5 rounded-lg p-3'
          }
        >
          <dt className="text-muted-foreground text-xs font-medium">{row.name}</dt>
          <dd className="text-lg font-semibold tabular-nums">
            {row.value}
            <span className="text-muted-foreground ms-1 text-xs font-normal">{row.unit}</span>
          </dd>
          <dd className="text-muted-foreground text-xs">
            {t('chart.vitals.takenAt', { when: dates.dateTime(row.takenAt) })}
          </dd>
          {row.flags.length > 0 && (
            <dd>
              <Flags flags={row.flags} />
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}

/**
 * The chart's vitals: the latest of each measure with its flags, and the trend of the last
 * 30 days, drawn by what the page hands in (the patient's own trend, the same drawing and
 * words as on their Health screen).
 */
export function ChartVitals({
  vitals,
  trend,
}: {
  vitals: Chart['vitals'];
  trend?: (readings: VitalsReading[]) => ReactNode;
}) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} className="grid gap-3">
      <CardTitle id={titleId}>{t('chart.vitals.title')}</CardTitle>
      <Latest latest={vitals.latest} />
      {vitals.recent.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          {t('chart.vitals.noTrend', { days: format.number(chartTrendDays) })}
        </p>
      ) : (
        trend?.(vitals.recent)
      )}
    </Card>
  );
}
