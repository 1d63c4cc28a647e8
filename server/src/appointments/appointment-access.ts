import type { Actor } from '../auth/actor';

/**
 * Who may read and change appointments and doctors' hours. Decided by the appointment's own
 * record (its patient and doctor ids), never by a field the client sends:
 *
 * - Only patients book: for themselves, or, with "Book and join visits for me", for the patient
 *   they act for. Whom an actor stands for on the patient's side (`PatientSide`) is settled once
 *   per request by the access rule's `visits` action, which reads the grant.
 * - An appointment is read by its patient (or who stands for them) and its doctor; anyone else
 *   meets a missing one.
 * - Its patient's side reschedules it and checks in; that side and its doctor cancel it.
 * - A doctor reads their own day; a doctor reads and saves their own hours, and a manager
 *   any doctor's. Nobody else sees a doctor's hours.
 * - Acting for someone else, a person is never a doctor.
 */

/** The patient the actor books and checks in for, or null when they stand for no patient. */
export type PatientSide = string | null;

export interface AppointmentParties {
  patientId: string;
  doctorId: string;
}

const themselves = (actor: Actor) => actor.onBehalfOf === null;

export function mayBook(side: PatientSide): side is string {
  return side !== null;
}

export function isPatientOf(side: PatientSide, appointment: AppointmentParties): boolean {
  return side !== null && side === appointment.patientId;
}

export function isDoctorOf(actor: Actor, appointment: AppointmentParties): boolean {
  return themselves(actor) && actor.caller.id === appointment.doctorId;
}

/** Read, and cancel: its patient's side and its doctor. */
export function mayTakePart(
  actor: Actor,
  side: PatientSide,
  appointment: AppointmentParties,
): boolean {
  return isPatientOf(side, appointment) || isDoctorOf(actor, appointment);
}

export function mayReschedule(side: PatientSide, appointment: AppointmentParties): boolean {
  return isPatientOf(side, appointment);
}

export function mayCheckIn(side: PatientSide, appointment: AppointmentParties): boolean {
  return isPatientOf(side, appointment);
}

/** The doctor's day: doctors, their own. */
export function maySeeDay(actor: Actor): boolean {
  return themselves(actor) && actor.caller.role === 'doctor';
}

/** The list of doctors for the hours editor: managers, and doctors (who see themselves). */
export function mayListDoctors(actor: Actor): boolean {
  return themselves(actor) && (actor.caller.role === 'manager' || actor.caller.role === 'doctor');
}

/** Whether the actor sees every doctor in that list, not only themself. */
export function seesEveryDoctor(actor: Actor): boolean {
  return actor.caller.role === 'manager';
}

/** A doctor's hours: the doctor themself, and managers for any doctor. */
export function mayManageHours(actor: Actor, doctorId: string): boolean {
  if (!themselves(actor)) return false;
  if (actor.caller.role === 'manager') return true;
  return actor.caller.role === 'doctor' && actor.caller.id === doctorId;
}
