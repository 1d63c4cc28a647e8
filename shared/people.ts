import * as z from 'zod/mini';
import { emailAddress, newPassword } from './auth';
import { recordIdSchema } from './record-id';
import { roles, type Role } from './role';

/**
 * People (`/api/people`): everyone with an account, and the staff invited by mail, as an admin
 * keeps those of their clinic and the superadmin everyone. A person belongs to a clinic as its
 * staff (a doctor, manager or admin placed in it), or as its patient (booked with or seen by
 * one of its doctors); an invitation belongs to the clinic it names.
 */

/** The refusals of this domain, word for word; the web app shows them in the reader's language. */
export const peopleMessages = {
  noSuchPerson: 'No such person.',
  onlyAdmins: 'Only an admin or the superadmin manages people.',
  notYourself: 'You cannot change your own account here.',
  lastSuperadmin: 'The network needs at least one active superadmin.',
  roleAbove: 'You cannot give a role above your own, nor invite one beyond your clinic.',
  clinicNeeded: 'A doctor, manager or admin needs a clinic.',
  noSuchClinic: 'No such clinic.',
  hasAccount: 'This address already has an account.',
  invitationGone: 'This invitation no longer works. Ask for a new one.',
} as const;

/** How long an invitation's link works. */
export const staffInvitationValidDays = 7;

/** A person's standing: may sign in, may not (deactivated), or invited and not yet in. */
export const personStatuses = ['active', 'deactivated', 'invited'] as const;
export type PersonStatus = (typeof personStatuses)[number];

/** The roles that belong to a clinic: each is placed in one. */
export const clinicRoles = ['doctor', 'manager', 'admin'] as const satisfies readonly Role[];
export function belongsToClinic(role: Role): boolean {
  return (clinicRoles as readonly Role[]).includes(role);
}

/**
 * Roles by rank: an admin acts on no one ranked above them and gives no role above their own.
 * The researcher reads anonymous figures only, ranked with the clinicians.
 */
export const roleRank: Record<Role, number> = {
  patient: 0,
  researcher: 1,
  doctor: 1,
  manager: 2,
  admin: 3,
  superadmin: 4,
};

/** The roles a staff member may be invited with. */
export const staffRoles = [
  'doctor',
  'manager',
  'admin',
  'researcher',
  'superadmin',
] as const satisfies readonly Role[];

const shortId = z.string().check(z.minLength(1), z.maxLength(64));

export const personParamsSchema = z.object({ userId: shortId });

/** `GET /api/people`: a page of people, searched and filtered. */
export const peopleQuerySchema = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  role: z.optional(z.enum(roles)),
  clinicId: z.optional(recordIdSchema()),
  status: z.optional(z.enum(personStatuses)),
  page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000))),
});
export type PeopleQuery = z.infer<typeof peopleQuerySchema>;

export const peoplePageSize = 25;

const clinicRef = z.object({ id: z.string(), name: z.string() });

/** One person of the list: an account, or an invitation not yet accepted (`status: invited`). */
export const personSchema = z.object({
  /** The account's id; for an invitation, the invitation's. */
  id: z.string(),
  kind: z.enum(['account', 'invitation']),
  name: z.string(),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  role: z.enum(roles),
  clinic: z.nullable(clinicRef),
  status: z.enum(personStatuses),
  /** When the person last used the app (any session, a minute behind); null: never. */
  lastActiveAt: z.nullable(z.string()),
  /** Whether the account has a second factor to reset. */
  secondFactor: z.boolean(),
  /** For an invitation: when its link stops working. */
  expiresAt: z.nullable(z.string()),
});
export type Person = z.infer<typeof personSchema>;

/** The answer of `GET /api/people`: the page, how many in all, and the clinics one may pick. */
export const peoplePageSchema = z.object({
  people: z.array(personSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  clinics: z.array(clinicRef),
});
export type PeoplePage = z.infer<typeof peoplePageSchema>;

/** `PATCH /api/people/:userId`: a new role, a new clinic (null: none), or both. */
export const personChangeSchema = z.object({
  role: z.optional(z.enum(roles)),
  clinicId: z.optional(z.nullable(recordIdSchema())),
});
export type PersonChange = z.infer<typeof personChangeSchema>;

/** `POST /api/people/invitations`: a staff member by e-mail, with a role, a clinic, a language. */
export const staffInvitationRequestSchema = z.object({
  email: emailAddress,
  role: z.enum(staffRoles),
  clinicId: z.nullable(recordIdSchema()),
  language: z.enum(['en', 'ne']),
});
export type StaffInvitationRequest = z.input<typeof staffInvitationRequestSchema>;

/** The token of a staff invitation's link: 52 characters of base32, read in capitals. */
export const staffInvitationTokenSchema = z
  .string()
  .check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z2-7]{52}$/, peopleMessages.invitationGone));

export const staffInvitationParamsSchema = z.object({ token: staffInvitationTokenSchema });

/** `GET /api/people/invitations/:token`: what the link offers, before it is accepted. */
export const staffInvitationPreviewSchema = z.object({
  email: z.string(),
  role: z.enum(roles),
  clinicName: z.nullable(z.string()),
  expiresAt: z.string(),
});
export type StaffInvitationPreview = z.infer<typeof staffInvitationPreviewSchema>;

/** `POST /api/people/invitations/:token/accept`: the new account's name and password. */
export const staffInvitationAcceptSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)),
  password: newPassword,
});
export type StaffInvitationAccept = z.infer<typeof staffInvitationAcceptSchema>;

/** The account made: the address to sign in with and the role, whose home the person lands on. */
export const staffInvitationAcceptedSchema = z.object({
  email: z.string(),
  role: z.enum(roles),
});
export type StaffInvitationAccepted = z.infer<typeof staffInvitationAcceptedSchema>;

/** The web path of a staff invitation's link. */
export function staffInvitationPath(token: string): string {
  return `/staff-invitation/${token}`;
}
