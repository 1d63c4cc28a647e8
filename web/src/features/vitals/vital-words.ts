import type { TFunction } from 'i18next';
import type { VitalsReading } from '@shared/vitals';
import type { NumberFormat } from '@/lib/number-format';

/** The measures a reading shows, each with its value in the reader's digits and its unit. */
export function measuresOf(
  reading: Pick<
    VitalsReading,
    'heartRate' | 'oxygenSaturation' | 'weight' | 'systolic' | 'diastolic'
  >,
  t: TFunction,
  format: NumberFormat,
): { name: string; value: string; unit: string }[] {
  const shown: { name: string; value: string; unit: string }[] = [];
  if (reading.heartRate !== undefined) {
    shown.push({
      name: t('vitals.measures.heartRate'),
      value: format.number(reading.heartRate),
      unit: t('vitals.units.bpm'),
    });
  }
  if (reading.oxygenSaturation !== undefined) {
    shown.push({
      name: t('vitals.measures.oxygenSaturation'),
      value: format.number(reading.oxygenSaturation),
      unit: '%',
    });
  }
  if (reading.weight !== undefined) {
    shown.push({
      name: t('vitals.measures.weight'),
      value: format.number(reading.weight),
      unit: t('vitals.units.kg'),
    });
  }
  if (reading.systolic !== undefined && reading.diastolic !== undefined) {
    shown.push({
      name: t('vitals.measures.bloodPressure'),
      value: `${format.number(reading.systolic)}/${format.number(reading.diastolic)}`,
      unit: t('vitals.units.mmHg'),
    });
  }
  return shown;
}
