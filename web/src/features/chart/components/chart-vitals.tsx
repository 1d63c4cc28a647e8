import { TriangleAlertIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { chartTrendDays, type Chart } from '@shared/chart';
import type { VitalFlag, VitalsReading } from '@shared/vitals';
import { Card, CardTitle } from '@/components/ui/card';
import { Sparkline, type SparklineSeries } from '@/components/ui/sparkline';
import { useDates } from '@/lib/dates';
import { useNumberFormat } from '@/lib/number-format';

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

/** The last 30 days of each measure: a small drawing, and the same in words. */
function Trend({ readings }: { readings: VitalsReading[] }) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const titleId = useId();
  const oldestFirst = [...readings].sort((a, b) => Date.parse(a.takenAt) - Date.parse(b.takenAt));
  const valuesOf = (measure: Single | 'systolic' | 'diastolic') =>
    oldestFirst.flatMap((reading) => (reading[measure] === undefined ? [] : [reading[measure]]));
  const days = format.number(chartTrendDays);
  const trends: { key: string; name: string; summary: string; lines: SparklineSeries[] }[] = [];
  for (const measure of ['heartRate', 'oxygenSaturation', 'weight'] as const) {
    const values = valuesOf(measure);
    if (values.length === 0) continue;
    const name = t(`chart.vitals.measures.${measure}`);
    trends.push({
      key: measure,
      name,
      summary: t('chart.vitals.summary', {
        name,
        unit: t(`chart.vitals.units.${unitOf[measure]}`),
        count: values.length,
        number: format.number(values.length),
        low: format.number(Math.min(...values)),
        high: format.number(Math.max(...values)),
        latest: format.number(values.at(-1) ?? 0),
      }),
      lines: [{ values, className: 'text-brand-700' }],
    });
  }
  const systolic = valuesOf('systolic');
  const diastolic = valuesOf('diastolic');
  if (systolic.length > 0) {
    trends.push({
      key: 'bloodPressure',
      name: t('chart.vitals.measures.bloodPressure'),
      summary: t('chart.vitals.pressure', {
        unit: t('chart.vitals.units.mmHg'),
        count: systolic.length,
        number: format.number(systolic.length),
        systolicLow: format.number(Math.min(...systolic)),
        systolicHigh: format.number(Math.max(...systolic)),
        diastolicLow: format.number(Math.min(...diastolic)),
        diastolicHigh: format.number(Math.max(...diastolic)),
        latest: `${format.number(systolic.at(-1) ?? 0)}/${format.number(diastolic.at(-1) ?? 0)}`,
      }),
      lines: [
        { values: systolic, className: 'text-brand-700' },
        { values: diastolic, className: 'text-accent-600' },
      ],
    });
  }
  return (
    <section aria-labelledby={titleId} className="grid gap-2">
      <h3 id={titleId} className="text-sm font-semibold">
        {t('chart.vitals.trendTitle', { days })}
      </h3>
      {trends.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t('chart.vitals.noTrend', { days })}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-2 min-[520px]:grid-cols-2">
          {trends.map(({ key, name, summary, lines }) => (
            <li key={key} className="bg-muted grid gap-1 rounded-lg p-3">
              <span className="text-muted-foreground text-xs font-medium">{name}</span>
              <Sparkline lines={lines} />
              <p className="text-xs">{summary}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The chart's vitals: the latest of each measure with its flags, and the 30-day trend. */
export function ChartVitals({ vitals }: { vitals: Chart['vitals'] }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} className="grid gap-3">
      <CardTitle id={titleId}>{t('chart.vitals.title')}</CardTitle>
      <Latest latest={vitals.latest} />
      <Trend readings={vitals.recent} />
    </Card>
  );
}
