import { addClinicDays, clinicToday, type ClinicDay, type ClinicTime } from '@shared/clinic-time';

/**
 * The home's next-appointment card shows this placeholder until appointments are booked
 * through the server. It holds no health data. Words a patient reads are translation keys
 * under `patientHome.sample`.
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

/** Always tomorrow in clinic time, so the placeholder never lies in the past. */
export function placeholderAppointment(now: Date = new Date()): Appointment {
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
export const placeholderDoctorName = 'Dr. Ram Thapa';
