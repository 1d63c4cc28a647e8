import { addClinicDays, clinicMoment, clinicToday } from '@shared/clinic-time';
import type { VitalValues } from '@shared/vitals';
import type { VitalsRepository } from './vitals-repository';

/** The demo patient's reading: the values the spec's screens show. */
export const demoVitals = {
  heartRate: 72,
  oxygenSaturation: 98,
  weight: 64.2,
  systolic: 118,
  diastolic: 76,
} as const satisfies VitalValues;

/** The device id of the demo reading: a fixed one, so seeding again stores nothing new. */
export const demoReadingId = '6f1c2d3e-0a4b-4c5d-8e6f-7a8b9c0d1e2f';

/** When the demo reading was taken: 08:00 clinic time on the day before `now`. */
export function demoTakenAt(now: Date): Date {
  return clinicMoment(addClinicDays(clinicToday(now), -1), '08:00');
}

/**
 * Records the demo reading of the demo patient, taken by the demo doctor, once: a patient's
 * screens show only what someone recorded, and the demo still shows the spec's values.
 */
export async function seedDemoVitals(
  vitals: VitalsRepository,
  people: { patientId: string; doctorId: string },
  now: Date = new Date(),
): Promise<void> {
  await vitals.record({
    readingId: demoReadingId,
    patientId: people.patientId,
    takenAt: demoTakenAt(now),
    recorderId: people.doctorId,
    recorderRole: 'doctor',
    values: demoVitals,
  });
}
