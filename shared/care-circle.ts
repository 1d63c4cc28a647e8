import * as z from 'zod/mini';
import { emailAddress, newPassword } from './auth';
import { onboardingSchema } from './onboarding';
import { genders } from './profile';
import { carePermissionsSchema, relationships } from './care-permissions';
import { recordIdSchema } from './record-id';

export * from './care-permissions';

/**
 * A patient's care circle: the people they let act for them (caregivers, each with what they
 * may do), invitations still waiting, and family members without a login of their own
 * (dependents), whom the patient acts for as guardian with every permission.
 *
 * FHIR R4: a caregiver or a guardian is a RelatedPerson of the patient (`relationship` coded
 * from v3 RoleCode), and each grant a Consent (scope `patient-privacy`, one `permit` provision
 * per permission, its actor the RelatedPerson). A dependent is a Patient without a user.
 */

/** Days an invitation's link stays valid. */
export const invitationValidDays = 7;

/** The refusals of this domain, word for word; the web app shows them in the reader's language. */
export const careCircleMessages = {
  relationshipRequired: 'Please choose a relationship',
  permissionRequired: 'Please choose at least one permission',
  invitingYourself: 'You cannot invite yourself',
  alreadyInCircle: 'This person already cares for you',
  invitationGone: 'This invitation has expired or is no longer valid',
  invitationForAnother: 'This invitation was sent to another email address',
  onlyPatients: 'Only patients can share access',
  addressHasAccount: 'This email address already has a Sewa account',
} as const;

const relationship = z.enum(relationships, careCircleMessages.relationshipRequired);

const grantedPermissions = carePermissionsSchema.check(
  z.refine(
    (permissions) => permissions.record || permissions.message || permissions.visits,
    careCircleMessages.permissionRequired,
  ),
);

/** POST /api/care-circle/invitations */
export const invitationRequestSchema = z.object({
  email: emailAddress,
  relationship,
  permissions: grantedPermissions,
});
export type InvitationRequest = z.input<typeof invitationRequestSchema>;

/** PATCH /api/care-circle/caregivers/:id */
export const permissionsChangeSchema = z.object({ permissions: grantedPermissions });

/** POST /api/care-circle/dependents: the onboarding form's fields, and the relationship. */
export const newDependentSchema = z.object({
  profile: onboardingSchema,
  relationship,
});
export type NewDependentInput = z.input<typeof newDependentSchema>;

export const careRecordIdParams = z.object({ id: recordIdSchema() });

/** POST /api/care-circle/dependents/:id/login-invitation: where the dependent's own login goes. */
export const loginInvitationRequestSchema = z.object({ email: emailAddress });
export type LoginInvitationRequest = z.input<typeof loginInvitationRequestSchema>;

/** A person with access to the patient's record. */
export const caregiverSchema = z.object({
  /** The grant's id. */
  id: z.string(),
  personId: z.string(),
  name: z.nullable(z.string()),
  email: z.nullable(z.string()),
  relationship: z.enum(relationships),
  permissions: carePermissionsSchema,
  since: z.string(),
});
export type Caregiver = z.infer<typeof caregiverSchema>;

export const pendingInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  relationship: z.enum(relationships),
  permissions: carePermissionsSchema,
  expiresAt: z.string(),
  /** The dependent this invitation gives their own login to; null for an invitation to care. */
  dependentId: z.nullable(z.string()),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

/** A family member without a login, cared for by this patient as guardian. */
export const dependentSchema = z.object({
  /** The dependent's own patient id. */
  id: z.string(),
  name: z.string(),
  relationship: z.enum(relationships),
  gender: z.nullable(z.enum(genders)),
  /** Whole years, from the date of birth when there is one. */
  ageYears: z.nullable(z.number()),
});
export type Dependent = z.infer<typeof dependentSchema>;

/** GET /api/care-circle: the patient's own circle. */
export const careCircleSchema = z.object({
  caregivers: z.array(caregiverSchema),
  invitations: z.array(pendingInvitationSchema),
  dependents: z.array(dependentSchema),
});
export type CareCircle = z.infer<typeof careCircleSchema>;

/** One person the signed-in user cares for, as the "Caring for" switch lists them. */
export const caredForSchema = z.object({
  patientId: z.string(),
  name: z.string(),
  relationship: z.enum(relationships),
  permissions: carePermissionsSchema,
  /** A dependent without a login: the guardian may do everything, their record included. */
  guardian: z.boolean(),
});
export type CaredFor = z.infer<typeof caredForSchema>;

/** GET /api/caring-for */
export const caredForListSchema = z.array(caredForSchema);

/**
 * The token in an invitation's link: 52 characters of base32, read in capitals. The sign-up
 * form takes it as its invitation code, which it upper-cases, so it has no lower-case letters
 * of its own.
 */
export const invitationTokenPattern = /^[A-Z2-7]{52}$/;

export const invitationTokenSchema = z
  .string()
  .check(
    z.trim(),
    z.toUpperCase(),
    z.regex(invitationTokenPattern, careCircleMessages.invitationGone),
  );

export const invitationTokenParams = z.object({ token: invitationTokenSchema });

/**
 * What an invitation's link is for: `caregiver`, to care for the patient who sent it; `login`,
 * a dependent's own login, which their guardian sent.
 */
export const invitationKinds = ['caregiver', 'login'] as const;
export type InvitationKind = (typeof invitationKinds)[number];

/** GET /api/care-invitations/:token: what the link offers, before it is accepted. */
export const invitationPreviewSchema = z.object({
  kind: z.enum(invitationKinds),
  /** Whose record: the inviting patient's, or for a login the dependent's own. */
  patientName: z.string(),
  email: z.string(),
  relationship: z.enum(relationships),
  permissions: carePermissionsSchema,
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** POST /api/care-invitations/:token/claim: the dependent's password (the sign-up page's rules). */
export const loginClaimSchema = z.object({ password: newPassword });
export type LoginClaim = z.infer<typeof loginClaimSchema>;

/** The login made: the address to sign in with. */
export const loginClaimedSchema = z.object({ email: z.string() });
export type LoginClaimed = z.infer<typeof loginClaimedSchema>;

/** The web path of an invitation's link. */
export function invitationPath(token: string): string {
  return `/care-invitation/${token}`;
}
