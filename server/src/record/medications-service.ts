import { clinicToday, type ClinicDay } from '@shared/clinic-time';
import type {
  Dose,
  DosesQuery,
  MarkDoseTaken,
  Medication,
  Prescribe,
  StopMedication,
} from '@shared/medications';
import { actsOnSomeoneElse, type PatientAccess } from '../access/patient-access';
import type { Actor } from '../auth/actor';
import { agentOf, type AuditTrail } from '../audit/audit-trail';
import { AppError } from '../http/app-error';
import {
  activeFirst,
  adherenceWindow,
  doseOf,
  dosesOn,
  inDayOrder,
  medicationOf,
  statusOf,
  takenIndex,
  whyNoDose,
  type Prescription,
} from './medication-schedule';
import type { MedicationsRepository } from './medications-repository';
import { patientRecordGate } from './patient-record-gate';

export interface MedicationsServiceDeps {
  medications: MedicationsRepository;
  access: PatientAccess;
  trail: AuditTrail;
  /** The clock: what "today" and "missed" go by (tests set it). */
  now?: () => Date;
}

const noSuchMedication = () => new AppError('not_found', 'No such medication.');
const onlyDoctorsPrescribe = () => new AppError('forbidden', 'Only a doctor prescribes.');
const onlyDoctorsStop = () => new AppError('forbidden', 'Only a doctor stops a medication.');
const prescribedOtherwise = () =>
  new AppError('conflict', 'This prescription was already saved with other details.');
const alreadyEnded = () => new AppError('conflict', 'This medication has already ended.');
const doseIdTaken = () => new AppError('conflict', 'This id was already used for another dose.');
const notYetDue = () =>
  new AppError('bad_request', 'A dose of a day still to come cannot be marked taken.');
const notDue: Record<NonNullable<ReturnType<typeof whyNoDose>>, string> = {
  'not-prescribed': 'This medicine is not prescribed at that time of day.',
  'before-start': 'This medicine had not started on that day.',
  'after-end': 'This medicine had ended by that day.',
  'after-stop': 'This medicine was stopped before that dose.',
};

/**
 * Whether a resent prescription is the one stored: the same details, and the same start
 * day when the resend gives one (without it, the first send's "today" stands).
 */
function samePrescription(input: Prescribe, stored: Prescription, patientId: string): boolean {
  return (
    stored.patientId === patientId &&
    input.medicine === stored.medicine &&
    input.dose.amount === stored.dose?.amount &&
    input.dose.form === stored.dose.form &&
    (input.food ?? 'any') === stored.food &&
    inDayOrder(input.times).join() === stored.times.join() &&
    (input.startDay === undefined || input.startDay === stored.startDay) &&
    (input.days ?? null) === stored.days &&
    (input.note || null) === stored.note
  );
}

/**
 * A patient's medications: a doctor who cares for the patient prescribes and stops them
 * (`write-record`, and being a doctor); the patient and such a doctor read them
 * (`read-record`) and mark doses taken (`write-record`). The path names the patient; anyone
 * else, and any id that is not a patient's, meets a missing patient. Each change is stored
 * once under the client's id with its audit entry; every read of someone else's
 * prescriptions is in the trail before it is answered. Days are clinic days throughout.
 */
export function medicationsService(deps: MedicationsServiceDeps) {
  const { medications, trail } = deps;
  const now = deps.now ?? (() => new Date());

  const requirePatient = patientRecordGate(deps);

  /** The patient's prescription under this id; any other answers as missing. */
  async function prescriptionOf(patientId: string, medicationId: string): Promise<Prescription> {
    const prescription = await medications.find(medicationId);
    if (prescription?.patientId !== patientId) throw noSuchMedication();
    return prescription;
  }

  /** Prescriptions as answered, with the doses taken over the adherence window. */
  async function answer(patientId: string, prescriptions: Prescription[]): Promise<Medication[]> {
    const at = now();
    const { from, to } = adherenceWindow(at);
    const takenOf = takenIndex(await medications.taken(patientId, from, to));
    return prescriptions.map((prescription) => medicationOf(prescription, takenOf, at));
  }

  /** Records that someone else was shown these prescriptions. */
  async function noteReads(
    actor: Actor,
    patientId: string,
    medicationIds: string[],
    detail: Record<string, string>,
  ): Promise<void> {
    if (!actsOnSomeoneElse(actor, patientId)) return;
    await trail.noteEach(
      [...new Set(medicationIds)].map((id) => ({
        type: 'medication-read',
        agent: agentOf(actor),
        entity: { type: 'medication-request', id, subjectId: patientId },
        detail,
      })),
    );
  }

  return {
    /** Every prescription of the patient's, active first, with its adherence. */
    async list(actor: Actor, patientId: string): Promise<Medication[]> {
      await requirePatient(actor, 'read-record', patientId);
      const listed = activeFirst(await answer(patientId, await medications.list(patientId)));
      await noteReads(
        actor,
        patientId,
        listed.map((medication) => medication.id),
        { via: 'medications' },
      );
      return listed;
    },

    /**
     * Prescribes with the caller as prescriber, once: a resend of the same id with the same
     * details answers the stored one (created false); with other details it is refused.
     */
    async prescribe(
      actor: Actor,
      patientId: string,
      input: Prescribe,
    ): Promise<{ medication: Medication; created: boolean }> {
      await requirePatient(actor, 'write-record', patientId);
      if (actor.caller.role !== 'doctor') throw onlyDoctorsPrescribe();
      const times = inDayOrder(input.times);
      const created = await trail.change(
        () =>
          medications.prescribe({
            id: input.id,
            patientId,
            prescriberId: actor.caller.id,
            medicine: input.medicine,
            dose: input.dose,
            food: input.food ?? 'any',
            times,
            startDay: input.startDay ?? clinicToday(now()),
            days: input.days ?? null,
            note: input.note || null,
            prescribedAt: now(),
          }),
        (stored) =>
          stored
            ? {
                type: 'medication-prescribed',
                agent: agentOf(actor),
                entity: { type: 'medication-request', id: input.id, subjectId: patientId },
                detail: { times, days: input.days ?? null },
              }
            : null,
      );
      const stored = await medications.find(input.id);
      if (!stored || (!created && !samePrescription(input, stored, patientId))) {
        throw prescribedOtherwise();
      }
      const [medication] = await answer(patientId, [stored]);
      if (!medication) throw new Error('a prescription just stored could not be answered');
      return { medication, created };
    },

    /** Stops an active prescription with a reason, once: stopping again answers the stopped one. */
    async stop(
      actor: Actor,
      patientId: string,
      medicationId: string,
      input: StopMedication,
    ): Promise<Medication> {
      await requirePatient(actor, 'write-record', patientId);
      if (actor.caller.role !== 'doctor') throw onlyDoctorsStop();
      const prescription = await prescriptionOf(patientId, medicationId);
      if (prescription.stopped === null) {
        if (statusOf(prescription, now()) === 'completed') throw alreadyEnded();
        await trail.change(
          () =>
            medications.stop(medicationId, {
              at: now(),
              by: actor.caller.id,
              reason: input.reason,
            }),
          (stopped) =>
            stopped
              ? {
                  type: 'medication-stopped',
                  agent: agentOf(actor),
                  entity: { type: 'medication-request', id: medicationId, subjectId: patientId },
                }
              : null,
        );
      }
      const [medication] = await answer(patientId, [await prescriptionOf(patientId, medicationId)]);
      if (!medication) throw new Error('a prescription just stopped could not be answered');
      return medication;
    },

    /** The doses of a clinic day (today's without one), in time order, with what was taken. */
    async doses(actor: Actor, patientId: string, query: DosesQuery): Promise<Dose[]> {
      await requirePatient(actor, 'read-record', patientId);
      const day: ClinicDay = query.day ?? clinicToday(now());
      const prescriptions = await medications.onDay(patientId, day);
      const takenOf = takenIndex(await medications.taken(patientId, day, day));
      const doses = dosesOn(prescriptions, day, takenOf);
      await noteReads(
        actor,
        patientId,
        doses.map((dose) => dose.medicationId),
        { via: 'doses', day },
      );
      return doses;
    },

    /**
     * Marks a dose taken by the caller, once per prescription, day and time of day: however
     * often it is sent, the first is kept and answered (created false after it). A dose that
     * is not due that day, or of a day still to come, is refused.
     */
    async markTaken(
      actor: Actor,
      patientId: string,
      input: MarkDoseTaken,
    ): Promise<{ dose: Dose; created: boolean }> {
      await requirePatient(actor, 'write-record', patientId);
      const prescription = await prescriptionOf(patientId, input.medicationId);
      const { day, timeOfDay } = input;
      const earlier = await medications.takenDose(patientId, prescription.id, day, timeOfDay);
      if (earlier) return { dose: doseOf(prescription, day, timeOfDay, earlier), created: false };
      const at = now();
      if (day > clinicToday(at)) throw notYetDue();
      const why = whyNoDose(prescription, day, timeOfDay);
      if (why !== null) throw new AppError('conflict', notDue[why]);
      const created = await trail.change(
        () =>
          medications.markTaken({
            id: input.id,
            medicationId: prescription.id,
            patientId,
            day,
            timeOfDay,
            at,
            recorderId: actor.caller.id,
            recorderRole: actor.caller.role,
          }),
        (stored) =>
          stored
            ? {
                type: 'dose-taken',
                agent: agentOf(actor),
                entity: { type: 'medication-administration', id: input.id, subjectId: patientId },
                detail: { medicationId: prescription.id, day, timeOfDay },
              }
            : null,
      );
      const taken = await medications.takenDose(patientId, prescription.id, day, timeOfDay);
      if (!taken) throw doseIdTaken();
      return { dose: doseOf(prescription, day, timeOfDay, taken), created };
    },
  };
}

export type MedicationsService = ReturnType<typeof medicationsService>;
