import { addClinicDays, clinicMoment, clinicToday } from '@shared/clinic-time';
import type { MedicationsRepository, NewPrescription } from './medications-repository';

type DemoPrescription = Omit<
  NewPrescription,
  'patientId' | 'prescriberId' | 'startDay' | 'prescribedAt'
>;

/** The demo patient's medications, under fixed ids, so seeding again stores nothing new. */
export const demoPrescriptions: readonly DemoPrescription[] = [
  {
    id: '3b6f8a2e-5c1d-4e7f-9a0b-1c2d3e4f5a6b',
    medicine: 'Amlodipine 5 mg',
    dose: { amount: 1, form: 'tablet' },
    food: 'after',
    times: ['morning'],
    days: null,
    note: null,
  },
  {
    id: '7d2e9f1a-4b3c-4d5e-8f6a-0b1c2d3e4f5a',
    medicine: 'Atorvastatin 10 mg',
    dose: { amount: 1, form: 'tablet' },
    // At night, before bed (FHIR HS).
    food: 'any',
    times: ['night'],
    days: null,
    note: null,
  },
];

/** The day the demo medications started: 30 clinic days before `now`. */
export function demoStartDay(now: Date): string {
  return addClinicDays(clinicToday(now), -30);
}

/**
 * Records the demo patient's medications, prescribed by the demo doctor and ongoing, once:
 * the demo shows doses due every day, and no dose is taken yet.
 */
export async function seedDemoMedications(
  medications: MedicationsRepository,
  people: { patientId: string; doctorId: string },
  now: Date = new Date(),
): Promise<void> {
  const startDay = demoStartDay(now);
  for (const prescription of demoPrescriptions) {
    await medications.prescribe({
      ...prescription,
      patientId: people.patientId,
      prescriberId: people.doctorId,
      startDay,
      prescribedAt: clinicMoment(startDay, '09:00'),
    });
  }
}
