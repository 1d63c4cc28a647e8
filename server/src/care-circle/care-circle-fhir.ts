import type { Consent, RelatedPerson } from 'fhir/r4';
import { carePermissions, type CarePermissions, type Relationship } from '@shared/care-permissions';

/**
 * A grant of the care circle as FHIR R4 has it: the person acting for the patient is a
 * RelatedPerson of theirs, and what they may do is a Consent of the patient's, one `permit`
 * provision per permission with that RelatedPerson as its actor, under the opt-in rule. A
 * RelatedPerson's `relationship` says what they are to the patient (her son: SONC; a
 * dependent's mother: MTH). A dependent is a Patient without a user; their guardian's
 * RelatedPerson also carries the v3 role GUARD.
 */

/** A relationship in HL7 v3 RoleCode: what the related person is to the patient. */
interface Role {
  code: string;
  display: string;
}

const role = (code: string, display: string): Role => ({ code, display });

/** Each kin word as RoleCode has it, the gendered code when the person's gender is known. */
const kinCodes = {
  parent: {
    female: role('MTH', 'mother'),
    male: role('FTH', 'father'),
    any: role('PRN', 'parent'),
  },
  child: {
    female: role('DAUC', 'daughter'),
    male: role('SONC', 'son'),
    any: role('CHILD', 'child'),
  },
  spouse: {
    female: role('WIFE', 'wife'),
    male: role('HUSB', 'husband'),
    any: role('SPS', 'spouse'),
  },
  sibling: {
    female: role('SIS', 'sister'),
    male: role('BRO', 'brother'),
    any: role('SIB', 'sibling'),
  },
  other: {
    female: role('FAMMEMB', 'family member'),
    male: role('FAMMEMB', 'family member'),
    any: role('FAMMEMB', 'family member'),
  },
} as const;
type Kin = keyof typeof kinCodes;

/**
 * What the caregiver is to the patient. A caregiver's grant names them as the patient's (her
 * son: `son`); a guardian's names it the other way, the dependent as the guardian's (her
 * daughter Maya: `daughter`, and so the guardian is Maya's mother or father).
 */
function kinOf(grant: Pick<GrantFacts, 'relationship' | 'guardian'>): Kin {
  switch (grant.relationship) {
    case 'son':
    case 'daughter':
      return grant.guardian ? 'parent' : 'child';
    case 'parent':
      return grant.guardian ? 'child' : 'parent';
    case 'spouse':
    case 'sibling':
    case 'other':
      return grant.relationship;
  }
}

/** The RoleCode of what the caregiver is to the patient, by the caregiver's gender if known. */
function roleOf(grant: Pick<GrantFacts, 'relationship' | 'guardian' | 'caregiverGender'>): Role {
  const codes = kinCodes[kinOf(grant)];
  // A son or a daughter the patient named so is one, whatever the profile says.
  if (!grant.guardian && grant.relationship === 'son') return codes.male;
  if (!grant.guardian && grant.relationship === 'daughter') return codes.female;
  if (grant.caregiverGender === 'female') return codes.female;
  if (grant.caregiverGender === 'male') return codes.male;
  return codes.any;
}

const roleCodeSystem = 'http://terminology.hl7.org/CodeSystem/v3-RoleCode';

/** Our own codes for what a grant allows: the permissions of `shared/care-permissions.ts`. */
export const carePermissionSystem = 'https://sewa.health/fhir/CodeSystem/care-permission';

export interface GrantFacts {
  id: string;
  patientId: string;
  caregiverId: string;
  caregiverName: string;
  relationship: Relationship;
  /** The caregiver's gender as their profile gives it, if it does. */
  caregiverGender: string | null;
  permissions: CarePermissions;
  guardian: boolean;
  createdAt: Date;
}

export function relatedPersonOf(grant: GrantFacts): RelatedPerson {
  const role = roleOf(grant);
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
    // Opt-in: nothing is shared but what the patient permits below (invariant ppc-1 asks
    // every Consent for the rule or policy it is made under).
    policyRule: {
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode',
          code: 'OPTIN',
          display: 'opt-in',
        },
      ],
    },
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
