import { clinicDayOf, clinicMoment } from '@shared/clinic-time';
import { timeOfDayClock, timesOfDay, type TimeOfDay } from '@shared/medications';
import type { UnitOfWork } from '../db/unit-of-work';
import type { Notifier } from './notifier';
import type { NotificationsRepository } from './notifications-repository';

/** A dose's reminder is still worth sending this long after its time (a server restarting). */
export const doseReminderWindowMs = 30 * 60_000;

/** The time of day whose dose fell due within the window before `now`, clinic time; or none. */
export function doseDueAt(now: Date): { day: string; timeOfDay: TimeOfDay } | null {
  const day = clinicDayOf(now);
  for (const timeOfDay of timesOfDay) {
    const at = clinicMoment(day, timeOfDayClock[timeOfDay]).getTime();
    if (at <= now.getTime() && now.getTime() - at < doseReminderWindowMs) {
      return { day, timeOfDay };
    }
  }
  return null;
}

/**
 * Medication reminders: run on the clock in every process; each patient who asked for them is
 * told once per dose time (the key is the day and time), whichever process gets there first.
 * Only that it is time for their medicines, never which.
 */
export function doseReminders(deps: {
  notifications: NotificationsRepository;
  notifier: Notifier;
  unitOfWork: UnitOfWork;
}) {
  return async function remind(now = new Date()): Promise<void> {
    const due = doseDueAt(now);
    if (!due) return;
    const patients = await deps.notifications.patientsWithDoseDue(due.day, due.timeOfDay);
    if (patients.length === 0) return;
    await deps.unitOfWork(async () => {
      for (const patientId of patients) {
        await deps.notifier.notify({
          kind: 'medication-due',
          userId: patientId,
          cause: `${due.day}:${due.timeOfDay}`,
        });
      }
    });
    deps.notifier.wake();
  };
}
