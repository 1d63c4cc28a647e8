import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VitalsReading } from '@shared/vitals';
import { Sparkline } from '@/components/ui/sparkline';
import { useNumberFormat } from '@/lib/number-format';

/** How far back the trend looks. */
export const trendDays = 30;

type TrendMeasure = 'heartRate' | 'oxygenSaturation' | 'weight' | 'systolic' | 'diastolic';

/**
 * Each measure over the last 30 days as a small line of our own drawing, with the same in
 * words for screen readers and anyone who cannot read a drawing: how many readings, the
 * lowest, the highest and the latest. Blood pressure draws systolic and diastolic together.
 */
export function VitalsTrend({ readings, now }: { readings: VitalsReading[]; now?: number }) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const titleId = useId();
  const [shownAt] = useState(() => Date.now());
  const since = (now ?? shownAt) - trendDays * 86_400_000;
  const oldestFirst = readings
    .filter((reading) => Date.parse(reading.takenAt) >= since)
    .sort((a, b) => Date.parse(a.takenAt) - Date.parse(b.takenAt));
  const valuesOf = (measure: TrendMeasure) =>
    oldestFirst.flatMap((reading) => (reading[measure] === undefined ? [] : [reading[measure]]));
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
    summary: string;
    lines: { values: number[]; className: string }[];
  }[] => {
    const values = valuesOf(measure);
    if (values.length === 0) return [];
    const name = t(`vitals.measures.${measure}`);
    return [
      {
        key: measure,
        name,
        summary: t('vitals.trend.summary', { name, unit, ...range(values) }),
        lines: [{ values, className: 'text-brand-700' }],
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
            lines: [
              { values: systolic, className: 'text-brand-700' },
              { values: diastolic, className: 'text-accent-600' },
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
        {trends.map(({ key, name, summary, lines }) => (
          <li key={key} className="bg-muted grid gap-1 rounded-lg p-3">
            <span className="text-muted-foreground text-xs font-medium">{name}</span>
            <Sparkline lines={lines} />
            <p className="text-xs">{summary}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
