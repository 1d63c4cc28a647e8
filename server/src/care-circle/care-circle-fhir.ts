import type { Consent, RelatedPerson } from 'fhir/r4';
import { carePermissions, type CarePermissions, type Relationship } from '@shared/care-permissions';

/**
 * A grant of the care circle as FHIR R4 has it: the person acting for the patient is a
 * RelatedPerson of theirs, and what they may do is a Consent of the patient's, one `permit`
 * provision per permission with that RelatedPerson as its actor. A dependent is a Patient
 * without a user; their guardian's RelatedPerson carries the v3 role GUARD.
 */

/** How the patient names the relationship, in HL7 v3 RoleCode. */
const roleCodes: Record<Relationship, { code: string; display: string }> = {
  spouse: { code: 'SPS', display: 'spouse' },
  son: { code: 'SONC', display: 'son' },
  daughter: { code: 'DAUC', display: 'daughter' },
  parent: { code: 'PRN', display: 'parent' },
  sibling: { code: 'SIB', display: 'sibling' },
  other: { code: 'FAMMEMB', display: 'family member' },
};

const roleCodeSystem = 'http://terminology.hl7.org/CodeSystem/v3-RoleCode';

/** Our own codes for what a grant allows: the permissions of `shared/care-permissions.ts`. */
export const carePermissionSystem = 'https://sewa.health/fhir/CodeSystem/care-permission';

export interface GrantFacts {
  id: string;
  patientId: string;
  caregiverId: string;
  caregiverName: string;
  relationship: Relationship;
  permissions: CarePermissions;
  guardian: boolean;
  createdAt: Date;
}

export function relatedPersonOf(grant: GrantFacts): RelatedPerson {
  const role = roleCodes[grant.relationship];
  return {
    resourceType: 'RelatedPerson',
    id: grant.id,
    active: true,
    patient: { reference: `Patient/${grant.patientId}` },
    relationship: [
      { coding: [{ system: roleCodeSystem, code: role.code, display: role.display }] },
      ...(grant.guardian
        ? [{ coding: [{ system: roleCodeSystem, code: 'GUARD', display: 'guardian' }] }]
        : []),
    ],
    name: [{ text: grant.caregiverName }],
    period: { start: grant.createdAt.toISOString() },
  };
}

export function consentOf(grant: GrantFacts): Consent {
  const granted = grant.guardian
    ? [...carePermissions]
    : carePermissions.filter((permission) => grant.permissions[permission]);
  return {
    resourceType: 'Consent',
    id: grant.id,
    status: 'active',
    scope: {
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/consentscope',
          code: 'patient-privacy',
        },
      ],
    },
    category: [{ coding: [{ system: 'http://loinc.org', code: '59284-0' }] }],
    patient: { reference: `Patient/${grant.patientId}` },
    dateTime: grant.createdAt.toISOString(),
    // Nothing is shared but what is permitted below.
    provision: {
      type: 'deny',
      provision: granted.map((permission) => ({
        type: 'permit',
        actor: [
          {
            role: {
              coding: [
                {
                  system: 'http://terminology.hl7.org/CodeSystem/v3-RoleClass',
                  code: 'AGNT',
                },
              ],
            },
            reference: { reference: `RelatedPerson/${grant.id}` },
          },
        ],
        action: [{ coding: [{ system: carePermissionSystem, code: permission }] }],
      })),
    },
  };
}
