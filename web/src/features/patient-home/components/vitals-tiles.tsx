import {
  ActivityIcon,
  DropletIcon,
  HeartPulseIcon,
  ScaleIcon,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '@/lib/number-format';
import { sampleVitals } from '../sample-patient-data';

interface VitalTile {
  label: string;
  value: string;
  unit: string;
  icon: LucideIcon;
}

/** Heart rate, SpO2, weight and blood pressure as tiles: a term and its value each. */
export function VitalsTiles() {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const { heartRateBpm, spo2Percent, weightKg, bloodPressure } = sampleVitals;
  const tiles: VitalTile[] = [
    {
      label: t('patientHome.vitals.heartRate'),
      value: format.number(heartRateBpm),
      unit: t('patientHome.vitals.bpm'),
      icon: HeartPulseIcon,
    },
    {
      label: t('patientHome.vitals.spo2'),
      value: format.percent(spo2Percent),
      unit: '',
      icon: DropletIcon,
    },
    {
      label: t('patientHome.vitals.weight'),
      value: format.number(weightKg),
      unit: t('patientHome.vitals.kg'),
      icon: ScaleIcon,
    },
    {
      label: t('patientHome.vitals.bloodPressure'),
      value: `${format.number(bloodPressure.systolic)}/${format.number(bloodPressure.diastolic)}`,
      unit: t('patientHome.vitals.mmHg'),
      icon: ActivityIcon,
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-2">
      {tiles.map(({ label, value, unit, icon: Icon }) => (
        <div key={label} className="bg-muted flex flex-col gap-1 rounded-lg p-3">
          <dt className="text-muted-foreground flex items-center gap-1.5 text-xs font-medium">
            <Icon className="size-3.5" aria-hidden="true" />
            {label}
          </dt>
          <dd className="text-lg font-bold tabular-nums">
            <span>{value}</span>
            {unit && <span className="text-muted-foreground ms-1 text-xs font-medium">{unit}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
