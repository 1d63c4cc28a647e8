import {
  ActivityIcon,
  DropletIcon,
  HeartPulseIcon,
  ScaleIcon,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { LatestVitals } from '@shared/vitals';
import { useDates } from '@/lib/dates';
import { useNumberFormat } from '@/lib/number-format';
import { EmptyState } from './dashboard-card';

interface VitalTile {
  label: string;
  value: string;
  unit: string;
  icon: LucideIcon;
  /** When the reading was taken. */
  takenAt: string;
}

/**
 * The latest of heart rate, SpO2, weight and blood pressure as tiles, a term, its value and
 * when it was taken (clinic time) each: only what someone recorded. With nothing recorded, it says so; while the readings are
 * on their way, it shows nothing rather than claim there are none.
 */
export function VitalsTiles({ latest }: { latest: LatestVitals | 'loading' }) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const dates = useDates();
  if (latest === 'loading') return null;
  const { heartRate, oxygenSaturation, weight, bloodPressure } = latest;
  const tiles: VitalTile[] = [];
  if (heartRate) {
    tiles.push({
      label: t('patientHome.vitals.heartRate'),
      value: format.number(heartRate.value),
      unit: t('patientHome.vitals.bpm'),
      icon: HeartPulseIcon,
      takenAt: heartRate.takenAt,
    });
  }
  if (oxygenSaturation) {
    tiles.push({
      label: t('patientHome.vitals.spo2'),
      value: format.percent(oxygenSaturation.value),
      unit: '',
      icon: DropletIcon,
      takenAt: oxygenSaturation.takenAt,
    });
  }
  if (weight) {
    tiles.push({
      label: t('patientHome.vitals.weight'),
      value: format.number(weight.value),
      unit: t('patientHome.vitals.kg'),
      icon: ScaleIcon,
      takenAt: weight.takenAt,
    });
  }
  if (bloodPressure) {
    tiles.push({
      label: t('patientHome.vitals.bloodPressure'),
      value: `${format.number(bloodPressure.systolic)}/${format.number(bloodPressure.diastolic)}`,
      unit: t('patientHome.vitals.mmHg'),
      icon: ActivityIcon,
      takenAt: bloodPressure.takenAt,
    });
  }
  if (tiles.length === 0) return <EmptyState>{t('patientHome.vitals.none')}</EmptyState>;
  return (
    <dl className="grid grid-cols-2 gap-2">
      {tiles.map(({ label, value, unit, icon: Icon, takenAt }) => (
        <div key={label} className="bg-muted flex flex-col gap-1 rounded-lg p-3">
          <dt className="text-muted-foreground flex items-center gap-1.5 text-xs font-medium">
            <Icon className="size-3.5" aria-hidden="true" />
            {label}
          </dt>
          <dd className="text-lg font-bold tabular-nums">
            <span>{value}</span>
            {unit && <span className="text-muted-foreground ms-1 text-xs font-medium">{unit}</span>}
          </dd>
          <dd className="text-muted-foreground text-xs">
            {t('patientHome.vitals.takenAt', {
              day: dates.nearDateOr(takenAt),
              time: dates.time(takenAt),
            })}
          </dd>
        </div>
      ))}
    </dl>
  );
}
