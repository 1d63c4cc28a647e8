import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { flagsOf, vitalThresholds, type VitalsReading } from '@shared/vitals';
import { useNumberFormat } from '@/lib/number-format';
import { TrendChart, type SafeRange, type TrendSeries } from './trend-chart';

/** How far back the trend looks. */
export const trendDays = 30;

type TrendMeasure = 'heartRate' | 'oxygenSaturation' | 'weight' | 'systolic' | 'diastolic';

/** The range each measure stays in without a flag (weight has none), from the thresholds. */
const safeRanges: Partial<Record<TrendMeasure, SafeRange>> = {
  heartRate: { low: vitalThresholds.lowHeartRateBelow, high: vitalThresholds.highHeartRateAbove },
  oxygenSaturation: { low: vitalThresholds.lowOxygenBelow, high: 100 },
  systolic: { high: vitalThresholds.highSystolicFrom },
  diastolic: { high: vitalThresholds.highDiastolicFrom },
};

/**
 * Each measure over the last 30 days as a chart of our own drawing (`trend-chart.tsx`), and
 * in words: how many readings, the lowest, the highest and the latest. Blood pressure draws
 * systolic and diastolic together.
 */
export function VitalsTrend({ readings, now }: { readings: VitalsReading[]; now?: number }) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const titleId = useId();
  const [shownAt] = useState(() => Date.now());
  const until = now ?? shownAt;
  const since = until - trendDays * 86_400_000;
  const oldestFirst = readings
    .filter((reading) => Date.parse(reading.takenAt) >= since)
    .sort((a, b) => Date.parse(a.takenAt) - Date.parse(b.takenAt));
  const pointsOf = (measure: TrendMeasure) =>
    oldestFirst.flatMap((reading) => {
      const value = reading[measure];
      return value === undefined ? [] : [{ id: reading.id, at: reading.takenAt, value }];
    });
  const valuesOf = (measure: TrendMeasure) => pointsOf(measure).map((point) => point.value);
  /** A measure as a chart's line, flagged where a reading of it alone would be. */
  const seriesOf = (measure: TrendMeasure, className: string): TrendSeries => ({
    key: measure,
    name: t(`vitals.measures.${measure}`),
    className,
    points: pointsOf(measure),
    safe: safeRanges[measure],
    isFlagged: (value) => flagsOf({ [measure]: value }).length > 0,
  });
  const range = (values: number[]) => ({
    low: format.number(Math.min(...values)),
    high: format.number(Math.max(...values)),
    latest: format.number(values.at(-1) ?? 0),
    count: values.length,
    number: format.number(values.length),
  });
  const single = (
    measure: 'heartRate' | 'oxygenSaturation' | 'weight',
    unit: string,
  ): {
    key: string;
    name: string;
    unit: string;
    summary: string;
    series: TrendSeries[];
  }[] => {
    const values = valuesOf(measure);
    if (values.length === 0) return [];
    const name = t(`vitals.measures.${measure}`);
    return [
      {
        key: measure,
        name,
        unit,
        summary: t('vitals.trend.summary', { name, unit, ...range(values) }),
        series: [seriesOf(measure, 'text-brand-700')],
      },
    ];
  };
  const systolic = valuesOf('systolic');
  const diastolic = valuesOf('diastolic');
  const pressure =
    systolic.length === 0
      ? []
      : [
          {
            key: 'bloodPressure',
            name: t('vitals.measures.bloodPressure'),
            unit: t('vitals.units.mmHg'),
            summary: t('vitals.trend.pressure', {
              unit: t('vitals.units.mmHg'),
              count: systolic.length,
              number: format.number(systolic.length),
              systolicLow: format.number(Math.min(...systolic)),
              systolicHigh: format.number(Math.max(...systolic)),
              diastolicLow: format.number(Math.min(...diastolic)),
              diastolicHigh: format.number(Math.max(...diastolic)),
              latest: `${format.number(systolic.at(-1) ?? 0)}/${format.number(diastolic.at(-1) ?? 0)}`,
            }),
            series: [
              seriesOf('systolic', 'text-brand-700'),
              seriesOf('diastolic', 'text-amber-700'),
            ],
          },
        ];
  const trends = [
    ...single('heartRate', t('vitals.units.bpm')),
    ...single('oxygenSaturation', t('vitals.units.percent')),
    ...single('weight', t('vitals.units.kg')),
    ...pressure,
  ];
  if (trends.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className="grid gap-2">
      <h3 id={titleId} className="text-sm font-semibold">
        {t('vitals.trend.title', { days: format.number(trendDays) })}
      </h3>
      <ul className="grid grid-cols-1 gap-2 min-[520px]:grid-cols-2">
        {trends.map(({ key, name, unit, summary, series }) => (
          <li key={key} className="bg-muted grid gap-1 rounded-lg p-3">
            <span className="text-muted-foreground text-xs font-medium">
              {t('vitals.chart.title', { name, unit })}
            </span>
            <TrendChart name={name} unit={unit} series={series} since={since} until={until} />
            <p className="text-xs">{summary}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
