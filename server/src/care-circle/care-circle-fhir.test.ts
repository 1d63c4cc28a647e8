import { describe, expect, it } from 'vitest';
import { relationships, type Relationship } from '@shared/care-permissions';
import { consentOf, relatedPersonOf, type GrantFacts } from './care-circle-fhir';

const son: GrantFacts = {
  id: '8c0d7a52-6a3c-4a5e-9f43-2f6c6f1d2b10',
  patientId: 'sita',
  caregiverId: 'hari',
  caregiverName: 'Hari Sharma',
  relationship: 'son',
  caregiverGender: null,
  permissions: { record: true, message: false, visits: true },
  guardian: false,
  createdAt: new Date('2026-11-20T04:15:00Z'),
};

describe('a care-circle grant in FHIR R4', () => {
  it('is a RelatedPerson of the patient, related in v3 RoleCode', () => {
    const person = relatedPersonOf(son);
    expect(person.patient).toEqual({ reference: 'Patient/sita' });
    expect(person.relationship?.map((concept) => concept.coding?.[0]?.code)).toEqual(['SONC']);
    // A guardian's grant names the dependent as the guardian's: her father is the guardian
    // of a dependent added as his parent, and is that dependent's son.
    expect(
      relatedPersonOf({ ...son, relationship: 'parent', guardian: true }).relationship,
    ).toEqual([
      expect.objectContaining({ coding: [expect.objectContaining({ code: 'CHILD' })] }),
      expect.objectContaining({ coding: [expect.objectContaining({ code: 'GUARD' })] }),
    ]);
  });

  it('says what the related person is to the patient, for every relationship either way', () => {
    const codes = (relationship: Relationship, guardian: boolean) =>
      (['female', 'male', null] as const).map(
        (caregiverGender) =>
          relatedPersonOf({ ...son, relationship, guardian, caregiverGender }).relationship?.[0]
            ?.coding?.[0]?.code,
      );
    // A caregiver, named as the patient's: [a woman, a man, no gender given].
    expect(Object.fromEntries(relationships.map((one) => [one, codes(one, false)]))).toEqual({
      spouse: ['WIFE', 'HUSB', 'SPS'],
      son: ['SONC', 'SONC', 'SONC'],
      daughter: ['DAUC', 'DAUC', 'DAUC'],
      parent: ['MTH', 'FTH', 'PRN'],
      sibling: ['SIS', 'BRO', 'SIB'],
      other: ['FAMMEMB', 'FAMMEMB', 'FAMMEMB'],
    });
    // A guardian, whose grant names the dependent as the guardian's: turned round.
    expect(Object.fromEntries(relationships.map((one) => [one, codes(one, true)]))).toEqual({
      spouse: ['WIFE', 'HUSB', 'SPS'],
      son: ['MTH', 'FTH', 'PRN'],
      daughter: ['MTH', 'FTH', 'PRN'],
      parent: ['DAUC', 'SONC', 'CHILD'],
      sibling: ['SIS', 'BRO', 'SIB'],
      other: ['FAMMEMB', 'FAMMEMB', 'FAMMEMB'],
    });
    for (const relationship of relationships) {
      for (const coding of relatedPersonOf({ ...son, relationship }).relationship ?? []) {
        expect(coding.coding?.[0]?.system).toBe(
          'http://terminology.hl7.org/CodeSystem/v3-RoleCode',
        );
      }
    }
  });

  it('is a Consent that permits only what was granted, to that RelatedPerson', () => {
    const consent = consentOf(son);
    expect(consent.policyRule?.coding?.[0]?.code).toBe('OPTIN');
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
