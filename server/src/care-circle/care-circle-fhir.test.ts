import { describe, expect, it } from 'vitest';
import { consentOf, relatedPersonOf, type GrantFacts } from './care-circle-fhir';

const son: GrantFacts = {
  id: '8c0d7a52-6a3c-4a5e-9f43-2f6c6f1d2b10',
  patientId: 'sita',
  caregiverId: 'hari',
  caregiverName: 'Hari Sharma',
  relationship: 'son',
  permissions: { record: true, message: false, visits: true },
  guardian: false,
  createdAt: new Date('2026-11-20T04:15:00Z'),
};

describe('a care-circle grant in FHIR R4', () => {
  it('is a RelatedPerson of the patient, related in v3 RoleCode', () => {
    const person = relatedPersonOf(son);
    expect(person.patient).toEqual({ reference: 'Patient/sita' });
    expect(person.relationship?.map((concept) => concept.coding?.[0]?.code)).toEqual(['SONC']);
    expect(
      relatedPersonOf({ ...son, relationship: 'parent', guardian: true }).relationship,
    ).toEqual([
      expect.objectContaining({ coding: [expect.objectContaining({ code: 'PRN' })] }),
      expect.objectContaining({ coding: [expect.objectContaining({ code: 'GUARD' })] }),
    ]);
  });

  it('is a Consent that permits only what was granted, to that RelatedPerson', () => {
    const consent = consentOf(son);
    expect(consent.provision?.type).toBe('deny');
    const permits = consent.provision?.provision ?? [];
    expect(permits.map((provision) => provision.action?.[0]?.coding?.[0]?.code)).toEqual([
      'record',
      'visits',
    ]);
    for (const provision of permits) {
      expect(provision.type).toBe('permit');
      expect(provision.actor?.[0]?.reference).toEqual({ reference: `RelatedPerson/${son.id}` });
    }
    // A guardian is granted everything, whatever the columns say.
    const guardian = consentOf({ ...son, guardian: true });
    expect(guardian.provision?.provision).toHaveLength(3);
  });
});
