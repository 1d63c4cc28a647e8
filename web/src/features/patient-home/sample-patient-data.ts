import { addClinicDays, clinicToday, type ClinicDay, type ClinicTime } from '@shared/clinic-time';

/**
 * The patient dashboard's hard-coded sample content.
 * The home does not read appointments or medications from the server yet; these
 * stand in until it does, and are the only place to replace when it does.
 * Words a patient reads are translation keys under `patientHome.sample`.
 */

/** An appointment as the spec's entity has it. */
export interface Appointment {
  id: string;
  patientId: string;
  doctorId: string;
  date: ClinicDay;
  time: ClinicTime;
  status: 'scheduled';
  type: 'video';
  /** A key of `patientHome.sample.reasons`. */
  reason: 'bloodPressureReview';
}

/** Always tomorrow in clinic time, so the sample never lies in the past. */
export function sampleAppointment(now: Date = new Date()): Appointment {
  return {
    id: 'sample-appointment',
    patientId: 'me',
    doctorId: 'sample-doctor',
    date: addClinicDays(clinicToday(now), 1),
    time: '10:30',
    status: 'scheduled',
    type: 'video',
    reason: 'bloodPressureReview',
  };
}

/** The doctor's name as the card shows it; a person's name is not translated. */
export const sampleDoctorName = 'Dr. Ram Thapa';

export interface Medication {
  id: string;
  name: string;
  doseMg: number;
  dueAt: ClinicTime;
  /** A key of `patientHome.sample.instructions`. */
  instruction: 'afterBreakfast' | 'beforeBed';
}

export const sampleMedications: Medication[] = [
  {
    id: 'amlodipine',
    name: 'Amlodipine',
    doseMg: 5,
    dueAt: '08:00',
    instruction: 'afterBreakfast',
  },
  {
    id: 'atorvastatin',
    name: 'Atorvastatin',
    doseMg: 10,
    dueAt: '21:00',
    instruction: 'beforeBed',
  },
];

export const sampleAnnouncements = {
  clinicHours: { opens: '7:30', closes: '19:00' },
  eCheckInOpensMinutesBefore: 30,
} as const;
