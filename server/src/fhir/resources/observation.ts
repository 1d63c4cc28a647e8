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

/**
 * The R4 oxygen-saturation profile asks for LOINC 2708-6 (oxygen saturation in arterial
 * blood); the record stores the more exact 59408-5 (by pulse oximetry). Both are given, the
 * profile's first, and a search for either finds the reading.
 */
const oxygenSaturationInArterialBlood = {
  code: '2708-6',
  display: 'Oxygen saturation in Arterial blood',
};
const alsoCodedAs = new Map<string, { code: string; display: string }>([
  [vitalCodes.oxygenSaturation.code, oxygenSaturationInArterialBlood],
]);

/** The stored codes a `code` search for a LOINC code finds. */
export function storedCodesOf(code: string): string[] {
  const stored = [...alsoCodedAs].filter(([, also]) => also.code === code).map(([one]) => one);
  return [code, ...stored];
}

/** The profiles of http://hl7.org/fhir/R4/observation-vitalsigns.html each stored code meets. */
const vitalSignsProfile = 'http://hl7.org/fhir/StructureDefinition/vitalsigns';
const profiles = new Map<string, string>([
  [vitalCodes.heartRate.code, 'heartrate'],
  [vitalCodes.oxygenSaturation.code, 'oxygensat'],
  [vitalCodes.weight.code, 'bodyweight'],
  [vitalCodes.bloodPressure.code, 'bp'],
]);

function profileOf(code: string): string[] {
  const specific = profiles.get(code);
  return [
    vitalSignsProfile,
    ...(specific ? [`http://hl7.org/fhir/StructureDefinition/${specific}`] : []),
  ];
}

function coded(code: string) {
  const display = displays.get(code);
  const also = alsoCodedAs.get(code);
  return {
    coding: [
      ...(also ? [{ system: loinc, ...also }] : []),
      { system: loinc, code, ...(display ? { display } : {}) },
    ],
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
 * It declares the vital-signs profile and the one of its measure, whose rules it meets.
 */
export function observationResource(row: ObservationRow): Observation {
  const performer =
    row.recorderRole === 'doctor' ? `Practitioner/${row.recorderId}` : `Patient/${row.recorderId}`;
  return {
    resourceType: 'Observation',
    id: row.id,
    meta: { lastUpdated: row.recordedAt.toISOString(), profile: profileOf(row.code) },
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
