import { clinicDayOf } from '@shared/clinic-time';
import {
  ageBands,
  hmisSexes,
  type AgeBand,
  type DataValueSet,
  type HmisCounts,
  type HmisSex,
} from '@shared/hmis';
import { ageOf, type BirthFacts } from '@shared/patient-age';
import type { HmisMapping } from './hmis-mapping';

/** One finished visit of the month, as the report counts it. */
export interface Consultation {
  /** The clinic of the visit's doctor; null when the doctor belongs to none. */
  clinicId: string | null;
  patientId: string;
  gender: string | null;
  birth: BirthFacts;
  endedAt: Date;
  /** When the patient's first finished visit ever ended. */
  firstFinishedAt: Date;
}

export function sexOf(gender: string | null): HmisSex {
  return gender === 'female' || gender === 'male' || gender === 'other' ? gender : 'unknown';
}

export function ageBandOf(age: number | null): AgeBand {
  if (age === null) return 'unknown';
  if (age < 5) return '<5';
  if (age < 15) return '5-14';
  if (age < 20) return '15-19';
  if (age < 60) return '20-59';
  return '60+';
}

/**
 * The counts of one clinic's consultations in a month that starts on `firstDay` (clinic
 * time): by sex and age at the visit (as the chart counts age), and the patients seen, new
 * when their first finished visit ever is in the month.
 */
export function countConsultations(
  consultations: readonly Consultation[],
  firstDay: string,
): HmisCounts {
  const cells = new Map<string, number>();
  const firstVisitOf = new Map<string, Date>();
  for (const visit of consultations) {
    const key = `${sexOf(visit.gender)}|${ageBandOf(ageOf(visit.birth, visit.endedAt))}`;
    cells.set(key, (cells.get(key) ?? 0) + 1);
    firstVisitOf.set(visit.patientId, visit.firstFinishedAt);
  }
  const firsts = [...firstVisitOf.values()];
  const newPatients = firsts.filter((first) => clinicDayOf(first) >= firstDay).length;
  return {
    consultations: hmisSexes.flatMap((sex) =>
      ageBands.map((ageBand) => ({ sex, ageBand, value: cells.get(`${sex}|${ageBand}`) ?? 0 })),
    ),
    total: consultations.length,
    newPatients,
    followUpPatients: firsts.length - newPatients,
  };
}

/**
 * A clinic's counts as DHIS2 takes them. Every cell is sent, zeros included: a month sent
 * again after a correction must be able to bring a stored value back to 0, which leaving the
 * zero out would not do (DHIS2 stores or drops a zero by the data element's own setting).
 */
export function dataValueSetOf(
  counts: HmisCounts,
  mapping: HmisMapping,
  at: { period: string; orgUnit: string; completeDate: string },
): DataValueSet {
  const combos = mapping.categoryOptionCombos;
  return {
    dataSet: mapping.dataSet,
    period: at.period,
    orgUnit: at.orgUnit,
    completeDate: at.completeDate,
    dataValues: [
      ...counts.consultations.map((cell) => ({
        dataElement: mapping.dataElements.consultations,
        categoryOptionCombo: combos[cell.sex][cell.ageBand],
        value: String(cell.value),
      })),
      {
        dataElement: mapping.dataElements.newPatients,
        categoryOptionCombo: combos.default,
        value: String(counts.newPatients),
      },
      {
        dataElement: mapping.dataElements.followUpPatients,
        categoryOptionCombo: combos.default,
        value: String(counts.followUpPatients),
      },
    ],
  };
}
