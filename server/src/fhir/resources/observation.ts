import type { Observation, Quantity } from 'fhir/r4';
import { vitalCodes, type ObservationComponent } from '../../record/vital-codes';

/** A stored observation, as the FHIR API reads it (`observations`). */
export interface ObservationRow {
  id: string;
  readingId: string;
  patientId: string;
  code: string;
  value: number | null;
  unit: string | null;
  components: ObservationComponent[] | null;
  effectiveAt: Date;
  recordedAt: Date;
  recorderId: string;
  recorderRole: string;
}

const loinc = 'http://loinc.org';
const ucum = 'http://unitsofmeasure.org';

/** Each LOINC code the record stores, with its display name (`record/vital-codes.ts`). */
const displays = new Map<string, string>(
  [
    vitalCodes.heartRate,
    vitalCodes.oxygenSaturation,
    vitalCodes.weight,
    vitalCodes.bloodPressure,
    vitalCodes.bloodPressure.systolic,
    vitalCodes.bloodPressure.diastolic,
  ].map((entry) => [entry.code, entry.display]),
);

function coded(code: string) {
  const display = displays.get(code);
  return {
    coding: [{ system: loinc, code, ...(display ? { display } : {}) }],
    ...(display ? { text: display } : {}),
  };
}

function quantity(value: number, unit: string): Quantity {
  return { value, unit, system: ucum, code: unit };
}

/**
 * A vital sign as FHIR R4 has it: final, in the vital-signs category, coded in LOINC with
 * its value in UCUM (blood pressure as the panel with its two components), about the patient,
 * performed by whoever recorded it: the patient, their doctor, or someone acting for them.
 */
export function observationResource(row: ObservationRow): Observation {
  const performer =
    row.recorderRole === 'doctor' ? `Practitioner/${row.recorderId}` : `Patient/${row.recorderId}`;
  return {
    resourceType: 'Observation',
    id: row.id,
    meta: { lastUpdated: row.recordedAt.toISOString() },
    identifier: [{ system: 'urn:ietf:rfc:3986', value: `urn:uuid:${row.readingId}` }],
    status: 'final',
    category: [
      {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/observation-category',
            code: 'vital-signs',
            display: 'Vital Signs',
          },
        ],
      },
    ],
    code: coded(row.code),
    subject: { reference: `Patient/${row.patientId}` },
    effectiveDateTime: row.effectiveAt.toISOString(),
    issued: row.recordedAt.toISOString(),
    performer: [{ reference: performer }],
    ...(row.value !== null && row.unit !== null
      ? { valueQuantity: quantity(row.value, row.unit) }
      : {}),
    ...(row.components && row.components.length > 0
      ? {
          component: row.components.map((part) => ({
            code: coded(part.code),
            valueQuantity: quantity(part.value, part.unit),
          })),
        }
      : {}),
  };
}
