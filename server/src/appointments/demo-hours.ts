import { defaultSlotMinutes, virtualClinicWeek } from '@shared/appointments';
import { clinicToday } from '@shared/clinic-time';
import type { AppointmentsRepository } from './appointments-repository';

/**
 * Gives the demo doctor the spec's virtual clinic hours (7:30–19:00 every day, 15-minute
 * slots), so a demo can book at any hour. Only while they have none: hours the doctor or a
 * manager saved stay as they are. Nobody gets an appointment.
 */
export async function seedDemoHours(
  appointments: AppointmentsRepository,
  doctorId: string,
): Promise<void> {
  if (await appointments.slotHours(doctorId, clinicToday())) return;
  await appointments.saveHours(
    doctorId,
    { slotMinutes: defaultSlotMinutes, week: [...virtualClinicWeek], daysOff: [] },
    doctorId,
  );
}
