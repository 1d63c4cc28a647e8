import type { Consent, Observation } from 'fhir/r4';
import { describe, expect, it } from 'vitest';
import { conformanceIssues } from './fhir-conformance';

const oxygen: Observation = {
  resourceType: 'Observation',
  id: 'o',
  meta: {
    profile: [
      'http://hl7.org/fhir/StructureDefinition/vitalsigns',
      'http://hl7.org/fhir/StructureDefinition/oxygensat',
    ],
  },
  status: 'final',
  category: [
    {
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/observation-category',
          code: 'vital-signs',
        },
      ],
    },
  ],
  code: {
    coding: [
      { system: 'http://loinc.org', code: '2708-6' },
      { system: 'http://loinc.org', code: '59408-5' },
    ],
  },
  subject: { reference: 'Patient/p' },
  effectiveDateTime: '2026-11-20T08:00:00Z',
  valueQuantity: { value: 97, unit: '%', system: 'http://unitsofmeasure.org', code: '%' },
};

const consent: Consent = {
  resourceType: 'Consent',
  id: 'c',
  status: 'active',
  scope: {
    coding: [
      { system: 'http://terminology.hl7.org/CodeSystem/consentscope', code: 'patient-privacy' },
    ],
  },
  category: [{ coding: [{ system: 'http://loinc.org', code: '59284-0' }] }],
  patient: { reference: 'Patient/p' },
  policyRule: {
    coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'OPTIN' }],
  },
  provision: { type: 'deny' },
};

const without = (resource: object, name: string) =>
  Object.fromEntries(Object.entries(resource).filter(([key]) => key !== name));

/** The checker finds what it is there to find: each mistake below is one. */
describe('the independent FHIR R4 check', () => {
  it('passes resources that meet R4 and the profiles they declare', () => {
    expect(conformanceIssues(oxygen)).toEqual([]);
    expect(conformanceIssues(consent)).toEqual([]);
  });

  it('finds a broken invariant, an unknown element and a value of the wrong kind', () => {
    expect(conformanceIssues(without(consent, 'policyRule'))).toEqual([
      'Consent Consent: ppc-1: Either a Policy or PolicyRule',
    ]);
    expect(conformanceIssues({ ...consent, reason: 'x' }).join()).toMatch(/additional properties/);
    expect(conformanceIssues({ ...consent, status: 'granted' }).join()).toMatch(/status/);
  });

  it("holds an Observation to its profile's code, units and subject", () => {
    const onlyPulseOximetry = { ...oxygen, code: { coding: [oxygen.code.coding![1]!] } };
    expect(conformanceIssues(onlyPulseOximetry)).toEqual([
      'oxygensat Observation.code.coding:OxygenSatCode: has 0, needs 1..1',
    ]);
    const inPercentWords = {
      ...oxygen,
      valueQuantity: { ...oxygen.valueQuantity, code: 'percent' },
    };
    expect(conformanceIssues(inPercentWords).join()).toMatch(/must be fixed "%"/);
    expect(
      conformanceIssues({ ...oxygen, subject: { reference: 'Practitioner/d' } }).join(),
    ).toMatch(/must be one of Patient/);
    expect(conformanceIssues(without(oxygen, 'effectiveDateTime')).join()).toMatch(
      /effective\[x\]: has 0, needs 1/,
    );
    expect(conformanceIssues({ ...oxygen, category: [] }).join()).toMatch(/category/);
  });
});
