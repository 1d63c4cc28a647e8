import type { PatientList, PatientListQuery } from '@shared/patient-list';
import { patientListLimit } from '@shared/patient-list';
import type { PatientAccess } from '../access/patient-access';
import type { Actor } from '../auth/actor';
import { agentOf, type AuditTrail } from '../audit/audit-trail';
import type { ClinicsRepository } from '../clinics/clinics-repository';
import { AppError } from '../http/app-error';
import { adherenceOf, adherenceWindow, takenIndex } from '../record/medication-schedule';
import type { MedicationsRepository } from '../record/medications-repository';
import type { VitalsRepository } from '../record/vitals-repository';
import { patientListViewOf } from './patient-list-access';
import type { ListedPatient, PatientsRepository } from './patients-repository';

export interface PatientsServiceDeps {
  patients: PatientsRepository;
  access: PatientAccess;
  clinics: Pick<ClinicsRepository, 'clinicOf'>;
  vitals: Pick<VitalsRepository, 'lastReadingFlags'>;
  medications: Pick<MedicationsRepository, 'listAmong' | 'takenAmong'>;
  trail: AuditTrail;
  /** The clock adherence goes by (tests set it). */
  now?: () => Date;
}

/**
 * The staff's Patients page: a doctor's patients in care, or a manager's clinic's patients
 * (`patient-list-access.ts` decides which). Each patient listed is a read of someone's
 * record, in the trail before it is answered, as the doctor's day records each row.
 */
export function patientsService(deps: PatientsServiceDeps) {
  const { patients, trail } = deps;
  const now = deps.now ?? (() => new Date());

  async function noteRead(actor: Actor, listed: readonly ListedPatient[]): Promise<void> {
    await trail.noteEach(
      listed.map((patient) => ({
        type: 'patient-read' as const,
        agent: agentOf(actor),
        entity: { type: 'patient-record' as const, id: patient.id, subjectId: patient.id },
        detail: { via: 'patients' },
      })),
    );
  }

  /** Missed doses of the last 7 clinic days, per patient, by the chart's own adherence. */
  async function missedDoses(patientIds: readonly string[]): Promise<Map<string, number>> {
    const at = now();
    const { from, to } = adherenceWindow(at);
    const [prescriptions, taken] = await Promise.all([
      deps.medications.listAmong(patientIds),
      deps.medications.takenAmong(patientIds, from, to),
    ]);
    const missed = new Map<string, number>();
    for (const prescription of prescriptions) {
      const takenOf = takenIndex(taken.get(prescription.patientId) ?? []);
      const count = adherenceOf(prescription, takenOf, at).missed;
      missed.set(prescription.patientId, (missed.get(prescription.patientId) ?? 0) + count);
    }
    return missed;
  }

  return {
    async list(actor: Actor, query: PatientListQuery): Promise<PatientList> {
      const view = patientListViewOf(actor);
      const filter = { search: query.search || null, limit: patientListLimit };
      if (view === 'care') {
        const listed = await patients.inCareOf(
          actor.caller.id,
          (patient) => deps.access.permits(actor, 'read-record', patient),
          filter,
        );
        await noteRead(actor, listed);
        const ids = listed.map((patient) => patient.id);
        const [flags, missed] = await Promise.all([
          deps.vitals.lastReadingFlags(ids),
          missedDoses(ids),
        ]);
        return {
          view,
          patients: listed.map((patient) => ({
            id: patient.id,
            name: patient.name,
            phone: patient.phone,
            lastVisitAt: patient.lastVisitAt,
            nextAppointment: patient.nextAppointment,
            flags: flags.get(patient.id) ?? [],
            missedDoses: missed.get(patient.id) ?? 0,
          })),
        };
      }
      if (view === 'clinic') {
        const clinicId = await deps.clinics.clinicOf(actor.caller.id);
        if (clinicId === null) {
          throw new AppError(
            'forbidden',
            'Your account belongs to no clinic; the superadmin assigns one.',
          );
        }
        const listed = await patients.ofClinic(clinicId, filter);
        await noteRead(actor, listed);
        return {
          view,
          patients: listed.map((patient) => ({
            id: patient.id,
            name: patient.name,
            email: patient.email,
            phone: patient.phone,
            lastAppointment: patient.lastAppointment,
            nextAppointment: patient.nextAppointment,
          })),
        };
      }
      throw new AppError('forbidden', 'Only doctors and clinic managers have a list of patients.');
    },
  };
}

export type PatientsService = ReturnType<typeof patientsService>;
