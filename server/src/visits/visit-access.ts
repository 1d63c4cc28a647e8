import { mayMove, type VisitStatus } from '@shared/visits';
import type { Caller } from '../auth/callers';

/**
 * What a visit's own parties and the roles may do with it. Who may read a visit as part of a
 * patient's record is the access policy's to decide (`access/patient-access.ts`); this is
 * what happens within a visit:
 *
 * - Only patients join the waiting room and read their own current visit and history.
 * - Any doctor sees the queue and may start a queued walk-in; a patient checked in to an
 *   appointment is in that appointment's doctor's queue only, and only they start it (the
 *   service reads whose it is). Starting makes them the visit's doctor.
 * - The two participants (patient and assigned doctor) join the call, leave it and
 *   signal each other while it is open.
 * - The patient may leave the waiting room (cancel) while the visit is queued or waiting;
 *   the doctor may cancel a visit they started that has not begun.
 * - Only the assigned doctor ends the visit and writes its summary.
 *
 * Participation is decided by the visit's own record (its patient and doctor ids), not
 * by the caller's current role.
 */

/**
 * Who acts within a visit: the caller, or a caregiver standing in for the patient they were
 * granted "Book and join visits for me" by (`id` is then the patient's). A stand-in is only
 * ever the patient's side, whatever the visit's record says of that id.
 */
export type Party = Caller & { standsIn?: true };

type Who = Pick<Party, 'id' | 'role' | 'standsIn'>;

export interface VisitParties {
  patientId: string;
  doctorId: string | null;
}

export function isPatientOf(caller: Who, visit: VisitParties): boolean {
  return caller.id === visit.patientId;
}

export function isDoctorOf(caller: Who, visit: VisitParties): boolean {
  return caller.standsIn !== true && visit.doctorId !== null && caller.id === visit.doctorId;
}

/** Join, leave, the presence heartbeat and the signals: the two people in the call. */
export function mayTakePart(caller: Who, visit: VisitParties): boolean {
  return isPatientOf(caller, visit) || isDoctorOf(caller, visit);
}

export function mayJoinWaitingRoom(caller: Who): boolean {
  return caller.role === 'patient';
}

export function maySeeQueue(caller: Who): boolean {
  return caller.role === 'doctor';
}

export function mayStart(caller: Who): boolean {
  return caller.role === 'doctor';
}

/** The visit push stream: the roles that take part in visits. */
export function mayFollowVisits(caller: Who): boolean {
  return caller.role === 'patient' || caller.role === 'doctor';
}

export function mayCancel(caller: Who, visit: VisitParties & { status: VisitStatus }): boolean {
  if (!mayMove(visit.status, 'cancelled')) return false;
  if (isPatientOf(caller, visit)) return true;
  return isDoctorOf(caller, visit) && visit.status === 'waiting';
}

export function mayEnd(caller: Who, visit: VisitParties): boolean {
  return isDoctorOf(caller, visit);
}

export function mayWriteSummary(caller: Who, visit: VisitParties): boolean {
  return isDoctorOf(caller, visit);
}
