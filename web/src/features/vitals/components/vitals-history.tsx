import { TriangleAlertIcon } from 'lucide-react';
import { memo, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { flagsOf, type VitalsReading } from '@shared/vitals';
import { LoadingNote } from '@/components/ui/loading-note';
import { useDates } from '@/lib/dates';
import { useNumberFormat } from '@/lib/number-format';
import { usePendingVitals } from '../api/record-vitals';
import { measuresOf } from '../vital-words';
import { VitalsTrend } from './vitals-trend';

/** A reading's measures, each with its value and unit in the reader's language. */
export function ReadingMeasures({ reading }: { reading: Parameters<typeof measuresOf>[0] }) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  return (
    <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
      {measuresOf(reading, t, format).map(({ name, value, unit }) => (
        <div key={name} className="flex flex-wrap items-baseline gap-x-1">
          <dt className="text-muted-foreground">{name}</dt>
          <dd className="font-semibold tabular-nums">
            {value}
            {unit && <span className="text-muted-foreground ms-1 text-xs">{unit}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** What a reading past a threshold tells the patient, with the way to their care team. */
function OutsideSafeRange() {
  const { t } = useTranslation();
  return (
    <p className="text-accent-700 flex items-start gap-1.5 text-sm font-medium">
      <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        {t('vitals.flagged')}{' '}
        <Link href="/messages" className="underline">
          {t('vitals.contactCareTeam')}
        </Link>
      </span>
    </p>
  );
}

/** One stored reading of the list, with who recorded it and when. */
const ReadingItem = memo(function ReadingItem({
  reading,
  patientId,
}: {
  reading: VitalsReading;
  patientId: string;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  return (
    <li className="bg-card border-border grid gap-2 rounded-xl border p-3">
      <p className="text-muted-foreground text-xs">
        {dates.dateTime(reading.takenAt)} ·{' '}
        {reading.recordedBy.id === patientId
          ? t('vitals.recordedByYou')
          : t('vitals.recordedBy', {
              name: reading.recordedBy.name ?? t('vitals.careTeam'),
            })}
      </p>
      <ReadingMeasures reading={reading} />
      {reading.flags.length > 0 && <OutsideSafeRange />}
    </li>
  );
});

/** The trend, drawn again only when the readings change. */
const Trend = memo(VitalsTrend);

const noReadings: VitalsReading[] = [];

/**
 * The patient's readings, newest first: those still on this device at the top, then what the
 * server holds, with who recorded each and when, and the trend of the last 30 days.
 */
export function VitalsHistory({
  patientId,
  readings,
  loading = false,
}: {
  patientId: string;
  readings: VitalsReading[];
  /** The server's readings have not arrived: those on this device are shown, the rest said to be loading. */
  loading?: boolean;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  // The trend and the stored readings are drawn in a deferred render of their own, after the
  // page's (and after the render that takes them in when they arrive), which React splits
  // into short tasks, one chart or reading at a time, so neither a tap nor the page's first
  // screen waits for them all.
  const shown = useDeferredValue(readings, noReadings);
  const pending = usePendingVitals(patientId).filter(
    (item) => !readings.some((reading) => reading.id === item.id),
  );
  return (
    <div className="grid gap-4">
      <Trend readings={shown} />
      <ul className="grid gap-2" aria-label={t('vitals.listLabel')}>
        {pending.map((item) => (
          <li
            key={item.id}
            className="border-border grid gap-2 rounded-xl border border-dashed p-3"
          >
            <p className="text-muted-foreground text-xs">
              {dates.dateTime(item.payload.reading.takenAt ?? item.createdAt)} ·{' '}
              {item.state === 'failed' ? t('vitals.notSent') : t('vitals.waitingToSend')}
            </p>
            <ReadingMeasures reading={item.payload.reading} />
            {flagsOf(item.payload.reading).length > 0 && <OutsideSafeRange />}
          </li>
        ))}
        {shown.map((reading) => (
          <ReadingItem key={reading.id} reading={reading} patientId={patientId} />
        ))}
      </ul>
      {loading && <LoadingNote />}
    </div>
  );
}

/** How many readings the Vitals tab counts: stored ones and those still on this device. */
export function useVitalsCount(patientId: string | undefined, readings: VitalsReading[]): number {
  const pending = usePendingVitals(patientId).filter(
    (item) => !readings.some((reading) => reading.id === item.id),
  );
  return readings.length + pending.length;
}
