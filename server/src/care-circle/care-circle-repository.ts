import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type {
  CaredFor,
  Caregiver,
  CarePermissions,
  Dependent,
  PendingInvitation,
  Relationship,
} from '@shared/care-circle';
import { shownAddress } from '@shared/auth';
import type { genders } from '@shared/profile';
import type { OnboardingValues } from '@shared/onboarding';
import type { Database } from '../db/schema';
import { displayName, personName } from '../profiles/person-name';
import { ageOf } from '@shared/patient-age';

interface PermissionColumns {
  may_record: boolean;
  may_message: boolean;
  may_visits: boolean;
}

function permissionsOf(row: PermissionColumns): CarePermissions {
  return { record: row.may_record, message: row.may_message, visits: row.may_visits };
}

function permissionColumns(permissions: CarePermissions): PermissionColumns {
  return {
    may_record: permissions.record,
    may_message: permissions.message,
    may_visits: permissions.visits,
  };
}

/** Every permission: what a guardian holds for a dependent. */
const everything: CarePermissions = { record: true, message: true, visits: true };

/** How a dependent is named: their first and last name. */
export function dependentName(profile: OnboardingValues): string {
  return personName(profile.first_name, profile.last_name) ?? profile.first_name;
}

/**
 * How a guardian is related to the dependent, from how the dependent was related to them: a
 * son's or daughter's guardian is their parent, a parent's guardian their son or daughter (by
 * the guardian's gender, else other).
 */
export function guardianRelationship(
  dependent: Relationship,
  guardianGender: string | null,
): Relationship {
  switch (dependent) {
    case 'son':
    case 'daughter':
      return 'parent';
    case 'parent':
      return guardianGender === 'male' ? 'son' : guardianGender === 'female' ? 'daughter' : 'other';
    case 'spouse':
    case 'sibling':
    case 'other':
      return dependent;
  }
}

export interface NewInvitation {
  patientId: string;
  email: string;
  relationship: Relationship;
  permissions: CarePermissions;
  tokenHash: string;
  expiresAt: Date;
  /** A dependent's own login, sent by their guardian (`patientId`). */
  dependentId?: string;
}

/** An invitation its link found, still pending and unexpired. */
export interface OpenInvitation {
  id: string;
  patientId: string;
  patientName: string;
  email: string;
  relationship: Relationship;
  permissions: CarePermissions;
  expiresAt: Date;
  /** The dependent a login invitation is for; null for an invitation to care. */
  dependentId: string | null;
}

/** A grant as the access rule and the event streams read it. */
export interface Grant {
  patientId: string;
  caregiverId: string;
  permissions: CarePermissions;
  guardian: boolean;
  relationship: Relationship;
}

export function careCircleRepository(db: Kysely<Database>) {
  /** Pending, unexpired invitations, named after whose record it is: the inviting patient's, or for a login the dependent's. */
  const openInvitations = () =>
    db
      .selectFrom('care_invitations as i')
      .innerJoin('user as u', (join) =>
        join.on(sql<boolean>`u.id = coalesce(i.dependent_id, i.patient_id)`),
      )
      .leftJoin('profiles as p', 'p.id', 'u.id')
      .where('i.status', '=', 'pending')
      .where('i.expires_at', '>', sql<Date>`now()`)
      .select([
        'i.id',
        'i.patient_id',
        'i.email',
        'i.relationship',
        'i.may_record',
        'i.may_message',
        'i.may_visits',
        'i.expires_at',
        'i.dependent_id',
        'u.email as patient_email',
        'p.first_name',
        'p.last_name',
      ]);
  type OpenRow = Awaited<ReturnType<ReturnType<typeof openInvitations>['executeTakeFirstOrThrow']>>;
  const openInvitationOf = (row: OpenRow): OpenInvitation => ({
    id: row.id,
    patientId: row.patient_id,
    patientName: displayName(row.first_name, row.last_name, row.patient_email, '—'),
    email: row.email,
    relationship: row.relationship as Relationship,
    permissions: permissionsOf(row),
    expiresAt: new Date(row.expires_at),
    dependentId: row.dependent_id,
  });

  return {
    async caregivers(patientId: string): Promise<Caregiver[]> {
      const rows = await db
        .selectFrom('care_grants as g')
        .innerJoin('user as u', 'u.id', 'g.caregiver_id')
        .leftJoin('profiles as p', 'p.id', 'g.caregiver_id')
        .where('g.patient_id', '=', patientId)
        .where('g.guardian', '=', false)
        .select([
          'g.id',
          'g.caregiver_id',
          'g.relationship',
          'g.may_record',
          'g.may_message',
          'g.may_visits',
          'g.created_at',
          'u.email',
          'p.first_name',
          'p.last_name',
        ])
        .orderBy('g.created_at')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        personId: row.caregiver_id,
        name: personName(row.first_name, row.last_name),
        email: shownAddress(row.email),
        relationship: row.relationship as Relationship,
        permissions: permissionsOf(row),
        since: new Date(row.created_at).toISOString(),
      }));
    },

    async pendingInvitations(patientId: string): Promise<PendingInvitation[]> {
      const rows = await db
        .selectFrom('care_invitations')
        .where('patient_id', '=', patientId)
        .where('status', '=', 'pending')
        .where('expires_at', '>', sql<Date>`now()`)
        .select([
          'id',
          'email',
          'relationship',
          'may_record',
          'may_message',
          'may_visits',
          'expires_at',
          'dependent_id',
        ])
        .orderBy('created_at')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        email: row.email,
        relationship: row.relationship as Relationship,
        permissions: permissionsOf(row),
        expiresAt: new Date(row.expires_at).toISOString(),
        dependentId: row.dependent_id,
      }));
    },

    /** The family members this guardian holds without a login of their own. */
    async dependents(guardianId: string): Promise<Dependent[]> {
      const rows = await db
        .selectFrom('care_grants as g')
        .leftJoin('profiles as p', 'p.id', 'g.patient_id')
        .where('g.caregiver_id', '=', guardianId)
        .where('g.guardian', '=', true)
        .select([
          'g.patient_id',
          'g.relationship',
          'p.first_name',
          'p.last_name',
          'p.gender',
          'p.age',
          'p.date_system',
          'p.dob_ad',
          'p.dob_bs',
        ])
        .orderBy('g.created_at')
        .execute();
      return rows.map((row) => ({
        id: row.patient_id,
        name: personName(row.first_name, row.last_name) ?? '',
        relationship: row.relationship as Relationship,
        gender: row.gender as (typeof genders)[number] | null,
        ageYears: ageOf({
          age: row.age,
          dateSystem: row.date_system,
          dobAd: row.dob_ad,
          dobBs: row.dob_bs,
        }),
      }));
    },

    /** The people this person cares for, for the "Caring for" switch. */
    async caredFor(caregiverId: string): Promise<CaredFor[]> {
      const rows = await db
        .selectFrom('care_grants as g')
        .innerJoin('user as u', 'u.id', 'g.patient_id')
        .leftJoin('profiles as p', 'p.id', 'g.patient_id')
        .where('g.caregiver_id', '=', caregiverId)
        .select([
          'g.patient_id',
          'g.relationship',
          'g.may_record',
          'g.may_message',
          'g.may_visits',
          'g.guardian',
          'u.email',
          'p.first_name',
          'p.last_name',
        ])
        .orderBy('p.first_name')
        .execute();
      return rows.map((row) => ({
        patientId: row.patient_id,
        name: displayName(row.first_name, row.last_name, row.guardian ? null : row.email, '—'),
        relationship: row.relationship as Relationship,
        permissions: permissionsOf(row),
        guardian: row.guardian,
      }));
    },

    /** How mail and screens name the person: their profile's name, else their address's first part. */
    async nameOf(userId: string): Promise<string> {
      const row = await db
        .selectFrom('user as u')
        .leftJoin('profiles as p', 'p.id', 'u.id')
        .where('u.id', '=', userId)
        .select(['u.email', 'p.first_name', 'p.last_name'])
        .executeTakeFirst();
      return displayName(row?.first_name ?? null, row?.last_name ?? null, row?.email ?? null, '—');
    },

    /** Whether an account with this address already holds a grant of the patient's. */
    async holdsGrantByEmail(patientId: string, email: string): Promise<boolean> {
      const row = await db
        .selectFrom('care_grants as g')
        .innerJoin('user as u', 'u.id', 'g.caregiver_id')
        .where('g.patient_id', '=', patientId)
        .where(sql<boolean>`lower(u.email) = lower(${email})`)
        .select('g.id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The caller's grant for this patient, if they hold one. */
    async grant(caregiverId: string, patientId: string): Promise<Grant | null> {
      const row = await db
        .selectFrom('care_grants')
        .where('caregiver_id', '=', caregiverId)
        .where('patient_id', '=', patientId)
        .select(['may_record', 'may_message', 'may_visits', 'guardian', 'relationship'])
        .executeTakeFirst();
      return row
        ? {
            patientId,
            caregiverId,
            permissions: permissionsOf(row),
            guardian: row.guardian,
            relationship: row.relationship as Relationship,
          }
        : null;
    },

    /** Whether the person is anyone's dependent: a record without a login of its own. */
    async isDependent(patientId: string): Promise<boolean> {
      const row = await db
        .selectFrom('care_grants')
        .where('patient_id', '=', patientId)
        .where('guardian', '=', true)
        .select('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async addInvitation(invitation: NewInvitation): Promise<PendingInvitation> {
      const row = await db
        .insertInto('care_invitations')
        .values({
          id: randomUUID(),
          patient_id: invitation.patientId,
          email: invitation.email,
          relationship: invitation.relationship,
          ...permissionColumns(invitation.permissions),
          token_hash: invitation.tokenHash,
          expires_at: invitation.expiresAt,
          dependent_id: invitation.dependentId ?? null,
        })
        .returning(['id', 'expires_at'])
        .executeTakeFirstOrThrow();
      return {
        id: row.id,
        email: invitation.email,
        relationship: invitation.relationship,
        permissions: invitation.permissions,
        expiresAt: new Date(row.expires_at).toISOString(),
        dependentId: invitation.dependentId ?? null,
      };
    },

    /** Withdraws the patient's own pending invitation; false when there is none by that id. */
    async cancelInvitation(patientId: string, id: string): Promise<boolean> {
      const row = await db
        .updateTable('care_invitations')
        .set({ status: 'cancelled', finished_at: sql`now()` })
        .where('id', '=', id)
        .where('patient_id', '=', patientId)
        .where('status', '=', 'pending')
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Every pending invitation to care of the patient's to this address dies: one is sent at a
     * time.
     */
    async cancelInvitationsTo(patientId: string, email: string): Promise<void> {
      await db
        .updateTable('care_invitations')
        .set({ status: 'cancelled', finished_at: sql`now()` })
        .where('patient_id', '=', patientId)
        .where(sql<boolean>`lower(email) = lower(${email})`)
        .where('dependent_id', 'is', null)
        .where('status', '=', 'pending')
        .execute();
    },

    /** A dependent's pending login invitation dies: one is sent at a time. */
    async cancelLoginInvitations(guardianId: string, dependentId: string): Promise<void> {
      await db
        .updateTable('care_invitations')
        .set({ status: 'cancelled', finished_at: sql`now()` })
        .where('patient_id', '=', guardianId)
        .where('dependent_id', '=', dependentId)
        .where('status', '=', 'pending')
        .execute();
    },

    /** The pending, unexpired invitation whose token hashes to this. */
    async openInvitation(tokenHash: string): Promise<OpenInvitation | null> {
      const row = await openInvitations().where('i.token_hash', '=', tokenHash).executeTakeFirst();
      return row ? openInvitationOf(row) : null;
    },

    /**
     * Notes which invitation the latest sign-up of the unconfirmed account `userId` came
     * through (none: `invitationId` null), so confirming it accepts that one only.
     */
    async noteSignUp(userId: string, invitationId: string | null): Promise<void> {
      await db
        .updateTable('care_invitations')
        .set({ signed_up_by: null })
        .where('signed_up_by', '=', userId)
        .execute();
      if (invitationId === null) return;
      await db
        .updateTable('care_invitations')
        .set({ signed_up_by: userId })
        .where('id', '=', invitationId)
        .where('status', '=', 'pending')
        .where('dependent_id', 'is', null)
        .execute();
    },

    /** The pending, unexpired invitations to care the account `userId` signed up through. */
    async signedUpThrough(userId: string): Promise<OpenInvitation[]> {
      const rows = await openInvitations()
        .where('i.signed_up_by', '=', userId)
        .where('i.dependent_id', 'is', null)
        .execute();
      return rows.map(openInvitationOf);
    },

    /**
     * Uses the invitation once: false when it was used, cancelled or expired meanwhile. The
     * grant it makes replaces an earlier one of the same two people.
     */
    async accept(invitation: OpenInvitation, caregiverId: string): Promise<boolean> {
      const used = await db
        .updateTable('care_invitations')
        .set({ status: 'accepted', accepted_by: caregiverId, finished_at: sql`now()` })
        .where('id', '=', invitation.id)
        .where('dependent_id', 'is', null)
        .where('status', '=', 'pending')
        .where('expires_at', '>', sql<Date>`now()`)
        .returning('id')
        .executeTakeFirst();
      if (!used) return false;
      const columns = permissionColumns(invitation.permissions);
      await db
        .insertInto('care_grants')
        .values({
          id: randomUUID(),
          patient_id: invitation.patientId,
          caregiver_id: caregiverId,
          relationship: invitation.relationship,
          ...columns,
        })
        .onConflict((conflict) =>
          conflict
            .columns(['patient_id', 'caregiver_id'])
            .doUpdateSet({ relationship: invitation.relationship, ...columns }),
        )
        .execute();
      return true;
    },

    /**
     * Uses a login invitation once, accepted by the dependent it names: false when it was
     * used, cancelled or expired meanwhile.
     */
    async useLoginInvitation(invitation: OpenInvitation): Promise<boolean> {
      if (invitation.dependentId === null) return false;
      const used = await db
        .updateTable('care_invitations')
        .set({
          status: 'accepted',
          accepted_by: invitation.dependentId,
          finished_at: sql`now()`,
        })
        .where('id', '=', invitation.id)
        .where('dependent_id', '=', invitation.dependentId)
        .where('status', '=', 'pending')
        .where('expires_at', '>', sql<Date>`now()`)
        .returning('id')
        .executeTakeFirst();
      return used !== undefined;
    },

    /**
     * The dependent owns their record now: the guardian's grant becomes an ordinary one, with
     * what it allowed (record, messages, visits) but not adding to the record, which the new
     * owner may change or remove. Its relationship turns round: it named the dependent as the
     * guardian's, a caregiver's names the caregiver as the patient's. False when there was no
     * such guardian.
     */
    async endGuardianship(guardianId: string, dependentId: string): Promise<boolean> {
      const guardian = await db
        .selectFrom('care_grants as g')
        .leftJoin('profiles as p', 'p.id', 'g.caregiver_id')
        .where('g.patient_id', '=', dependentId)
        .where('g.caregiver_id', '=', guardianId)
        .where('g.guardian', '=', true)
        .select(['g.id', 'g.relationship', 'p.gender'])
        .executeTakeFirst();
      if (!guardian) return false;
      await db
        .updateTable('care_grants')
        .set({
          guardian: false,
          relationship: guardianRelationship(
            guardian.relationship as Relationship,
            guardian.gender,
          ),
        })
        .where('id', '=', guardian.id)
        .execute();
      return true;
    },

    /** Changes what a caregiver of the patient's may do; null when there is no such grant. */
    async changePermissions(
      patientId: string,
      grantId: string,
      permissions: CarePermissions,
    ): Promise<string | null> {
      const row = await db
        .updateTable('care_grants')
        .set(permissionColumns(permissions))
        .where('id', '=', grantId)
        .where('patient_id', '=', patientId)
        .where('guardian', '=', false)
        .returning('caregiver_id')
        .executeTakeFirst();
      return row?.caregiver_id ?? null;
    },

    /**
     * Ends a caregiver's access to the patient, and any invitation to care of the patient's
     * still pending to their address dies with it; the caregiver's id, or null when none.
     */
    async remove(patientId: string, grantId: string): Promise<string | null> {
      const row = await db
        .deleteFrom('care_grants')
        .where('id', '=', grantId)
        .where('patient_id', '=', patientId)
        .where('guardian', '=', false)
        .returning('caregiver_id')
        .executeTakeFirst();
      if (!row) return null;
      await db
        .updateTable('care_invitations')
        .set({ status: 'cancelled', finished_at: sql`now()` })
        .where('patient_id', '=', patientId)
        .where('dependent_id', 'is', null)
        .where('status', '=', 'pending')
        .where(
          sql<boolean>`lower(email) = (select lower(email) from "user" where id = ${row.caregiver_id})`,
        )
        .execute();
      return row.caregiver_id;
    },

    /**
     * A family member without a login, whose account `users-repository.ts` made under `id`:
     * their profile, and the guardian's grant of everything.
     */
    async addDependent(
      id: string,
      guardianId: string,
      profile: OnboardingValues,
      relationship: Relationship,
    ): Promise<Dependent> {
      await db
        .insertInto('profiles')
        .values({ id, ...profile, role: 'patient' })
        .execute();
      await db
        .insertInto('care_grants')
        .values({
          id: randomUUID(),
          patient_id: id,
          caregiver_id: guardianId,
          relationship,
          ...permissionColumns(everything),
          guardian: true,
        })
        .execute();
      return {
        id,
        name: dependentName(profile),
        relationship,
        gender: profile.gender,
        ageYears: ageOf({
          age: profile.age,
          dateSystem: profile.date_system,
          dobAd: profile.dob_ad,
          dobBs: profile.dob_bs,
        }),
      };
    },
  };
}

export type CareCircleRepository = ReturnType<typeof careCircleRepository>;
