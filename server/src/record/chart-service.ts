import { chartTrendDays, type Chart, type ChartLatestVitals } from '@shared/chart';
import { genders } from '@shared/profile';
import { flagsOf, latestVitals, type VitalsReading } from '@shared/vitals';
import type { PatientAccess } from '../access/patient-access';
import type { Actor } from '../auth/actor';
import { agentOf, type AuditTrail } from '../audit/audit-trail';
import type { ChartRepository } from './chart-repository';
import { activeFirst, adherenceWindow, medicationOf, takenIndex } from './medication-schedule';
import type { MedicationsRepository } from './medications-repository';
import { ageOf } from '@shared/patient-age';
import { patientRecordGate } from './patient-record-gate';
import type { VitalsRepository } from './vitals-repository';

export interface ChartServiceDeps {
  chart: ChartRepository;
  vitals: VitalsRepository;
  medications: MedicationsRepository;
  access: PatientAccess;
  trail: AuditTrail;
  /** The clock: what age, the trend's window and adherence go by (tests set it). */
  now?: () => Date;
}

const dayMs = 24 * 60 * 60_000;

/** Each measure's latest value with the thresholds that value passes on its own. */
function latestWithFlags(readings: readonly VitalsReading[]): ChartLatestVitals {
  const latest = latestVitals(readings);
  const { heartRate, oxygenSaturation, weight, bloodPressure } = latest;
  return {
    ...(heartRate && {
      heartRate: { ...heartRate, flags: flagsOf({ heartRate: heartRate.value }) },
    }),
    ...(oxygenSaturation && {
      oxygenSaturation: {
        ...oxygenSaturation,
        flags: flagsOf({ oxygenSaturation: oxygenSaturation.value }),
      },
    }),
    ...(weight && { weight: { ...weight, flags: [] } }),
    ...(bloodPressure && { bloodPressure: { ...bloodPressure, flags: flagsOf(bloodPressure) } }),
  };
}

const genderOf = (stored: string | null) => genders.find((gender) => gender === stored) ?? null;

/**
 * The doctor's chart: the whole of a patient's record in one read, for the patient and a
 * doctor who cares for them (the access policy's `read-record`); anyone else, and any id
 * that is not a patient's, meets a missing patient. Every read is in the trail, once,
 * before it is answered.
 */
export function chartService(deps: ChartServiceDeps) {
  const { chart, vitals, medications, trail } = deps;
  const now = deps.now ?? (() => new Date());
  const requirePatient = patientRecordGate(deps);

  return {
    async read(actor: Actor, patientId: string): Promise<Chart> {
      await requirePatient(actor, 'read-record', patientId);
      const at = now();
      const { from, to } = adherenceWindow(at);
      const [patient, readings, prescriptions, taken, visits, documents, careCircle] =
        await Promise.all([
          chart.patient(patientId),
          vitals.list(patientId),
          medications.list(patientId),
          medications.taken(patientId, from, to),
          chart.visits(patientId),
          chart.documents(patientId),
          chart.careCircle(patientId),
        ]);
      if (!patient) throw new Error('a patient the policy let through has no account');
      const takenOf = takenIndex(taken);
      const trendFrom = at.getTime() - chartTrendDays * dayMs;
      await trail.note({
        type: 'chart-read',
        agent: agentOf(actor),
        entity: { type: 'patient-record', id: patientId, subjectId: patientId },
        detail: { via: 'chart' },
      });
      return {
        patient: {
          id: patientId,
          name: patient.name,
          age: ageOf(patient, at),
          gender: genderOf(patient.gender),
        },
        vitals: {
          latest: latestWithFlags(readings),
          recent: readings.filter((reading) => Date.parse(reading.takenAt) >= trendFrom),
        },
        medications: activeFirst(
          prescriptions.map((prescription) => medicationOf(prescription, takenOf, at)),
        ),
        visits,
        documents,
        careCircle,
      };
    },
  };
}

export type ChartService = ReturnType<typeof chartService>;
