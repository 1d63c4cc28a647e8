import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  careCircleMessages,
  invitationPath,
  invitationTokenPattern,
  invitationValidDays,
  type CareCircle,
  type CaredFor,
  type Caregiver,
  type CarePermissions,
  type Dependent,
  type InvitationPreview,
  type PendingInvitation,
  type Relationship,
} from '@shared/care-circle';
import type { OnboardingValues } from '@shared/onboarding';
import type { Actor } from '../auth/actor';
import type { AuditRecord } from '../audit/audit-repository';
import { agentOf, type AuditTrail } from '../audit/audit-trail';
import { AppError } from '../http/app-error';
import { careInvitationMail, type MailLanguage } from '../mail/templates';
import type { Mailer } from '../mail/mailer';
import type { Limit, RateLimiter } from '../rate-limit/rate-limiter';
import { rateLimited } from '../rate-limit/refusal';
import {
  dependentName,
  type CareCircleRepository,
  type OpenInvitation,
} from './care-circle-repository';
import type { UsersRepository } from '../auth/users-repository';
import type { CareAccessChanges } from '../realtime/care-access-changes';

/** A patient invites a few people; hundreds an hour would be mail sent at someone. */
const inviteLimit: Limit = { max: 20, windowSeconds: 60 * 60 };

const invitationGone = () => new AppError('not_found', careCircleMessages.invitationGone);
const noSuchCaregiver = () => new AppError('not_found', 'No such caregiver.');
const noSuchInvitation = () => new AppError('not_found', 'No such invitation.');

/** What the link carries: 260 random bits in base32 capitals (see `invitationTokenPattern`). */
function newToken(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  return [...randomBytes(52)].map((byte) => alphabet[byte & 31]).join('');
}

/** The token is never stored, only its hash: a copy of the database opens no invitation. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token.trim().toUpperCase()).digest('hex');
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The patient's care circle: who may act for them and with what permissions, invitations, and
 * family members without a login. Only the patient, acting as themselves, shapes their circle:
 * a caregiver never invites, changes grants, or sees who else cares.
 */
export function careCircleService(deps: {
  circle: CareCircleRepository;
  /** Makes a dependent's account: accounts are written through the users repository. */
  users: Pick<UsersRepository, 'addDependentAccount'>;
  trail: AuditTrail;
  mailer: Mailer;
  limiter: RateLimiter;
  publicUrl: string;
  /** Tells every server that a grant changed, so the caregiver's open streams check again. */
  careAccess: Pick<CareAccessChanges, 'announce'>;
}) {
  const { circle, trail } = deps;

  /** The patient themselves, never someone acting for them, nor staff. */
  function ownCircle(actor: Actor): string {
    if (actor.onBehalfOf !== null || actor.caller.role !== 'patient') {
      throw new AppError('forbidden', careCircleMessages.onlyPatients);
    }
    return actor.caller.id;
  }

  function entry(
    actor: Actor,
    type: AuditRecord['type'],
    entity: AuditRecord['entity'],
    detail?: Record<string, unknown>,
  ): AuditRecord {
    return { type, agent: agentOf(actor), entity, ...(detail ? { detail } : {}) };
  }

  async function openInvitation(token: string): Promise<OpenInvitation> {
    if (!invitationTokenPattern.test(token)) throw invitationGone();
    const invitation = await circle.openInvitation(tokenHash(token));
    if (!invitation) throw invitationGone();
    return invitation;
  }

  return {
    async circleOf(actor: Actor): Promise<CareCircle> {
      const patientId = ownCircle(actor);
      const [caregivers, invitations, dependents] = await Promise.all([
        circle.caregivers(patientId),
        circle.pendingInvitations(patientId),
        circle.dependents(patientId),
      ]);
      return { caregivers, invitations, dependents };
    },

    /** Mails an invitation; an earlier one to the same address dies with it. */
    async invite(
      actor: Actor,
      input: { email: string; relationship: Relationship; permissions: CarePermissions },
      language: MailLanguage,
    ): Promise<PendingInvitation> {
      const patientId = ownCircle(actor);
      if (sameAddress(input.email, actor.caller.email)) {
        throw new AppError('bad_request', careCircleMessages.invitingYourself);
      }
      const decision = await deps.limiter.hit(`care:invite:user:${patientId}`, inviteLimit);
      if (!decision.allowed) throw rateLimited(decision);
      if (await circle.holdsGrantByEmail(patientId, input.email)) {
        throw new AppError('conflict', careCircleMessages.alreadyInCircle);
      }
      const token = newToken();
      const invitation = await trail.change(
        async () => {
          await circle.cancelInvitationsTo(patientId, input.email);
          return circle.addInvitation({
            patientId,
            email: input.email.trim(),
            relationship: input.relationship,
            permissions: input.permissions,
            tokenHash: tokenHash(token),
            expiresAt: new Date(Date.now() + invitationValidDays * 24 * 60 * 60 * 1000),
          });
        },
        (made) =>
          entry(
            actor,
            'care-invitation-sent',
            {
              type: 'care-invitation',
              id: made.id,
              subjectId: patientId,
            },
            { permissions: made.permissions },
          ),
      );
      const inviter = await circle.nameOf(patientId);
      const url = new URL(invitationPath(token), deps.publicUrl).toString();
      await deps.mailer.send(
        careInvitationMail(language, invitation.email, inviter, url, invitationValidDays),
      );
      return invitation;
    },

    async cancelInvitation(actor: Actor, id: string): Promise<void> {
      const patientId = ownCircle(actor);
      const cancelled = await trail.change(
        () => circle.cancelInvitation(patientId, id),
        (done) =>
          done
            ? entry(actor, 'care-invitation-cancelled', {
                type: 'care-invitation',
                id,
                subjectId: patientId,
              })
            : null,
      );
      if (!cancelled) throw noSuchInvitation();
    },

    async changePermissions(
      actor: Actor,
      grantId: string,
      permissions: CarePermissions,
    ): Promise<Caregiver> {
      const patientId = ownCircle(actor);
      const caregiverId = await trail.change(
        () => circle.changePermissions(patientId, grantId, permissions),
        (changed) =>
          changed
            ? entry(
                actor,
                'care-access-changed',
                { type: 'care-grant', id: grantId, subjectId: patientId },
                { caregiver: changed, permissions },
              )
            : null,
      );
      if (caregiverId) await deps.careAccess.announce({ caregiverId, patientId });
      const changed = caregiverId
        ? (await circle.caregivers(patientId)).find((caregiver) => caregiver.id === grantId)
        : undefined;
      if (!changed) throw noSuchCaregiver();
      return changed;
    },

    /** Ends a caregiver's access; their next request for the patient finds nothing. */
    async remove(actor: Actor, grantId: string): Promise<void> {
      const patientId = ownCircle(actor);
      const caregiverId = await trail.change(
        () => circle.remove(patientId, grantId),
        (removed) =>
          removed
            ? entry(
                actor,
                'care-access-removed',
                { type: 'care-grant', id: grantId, subjectId: patientId },
                { caregiver: removed },
              )
            : null,
      );
      if (!caregiverId) throw noSuchCaregiver();
      await deps.careAccess.announce({ caregiverId, patientId });
    },

    async addDependent(
      actor: Actor,
      input: { profile: OnboardingValues; relationship: Relationship },
    ): Promise<Dependent> {
      const guardianId = ownCircle(actor);
      const id = randomUUID();
      return trail.change(
        async () => {
          await deps.users.addDependentAccount(id, dependentName(input.profile));
          return circle.addDependent(id, guardianId, input.profile, input.relationship);
        },
        (dependent) =>
          entry(
            actor,
            'dependent-added',
            { type: 'care-grant', id: null, subjectId: dependent.id },
            { guardian: guardianId },
          ),
      );
    },

    /** The people the caller cares for: the "Caring for" switch. */
    caringFor(actor: Actor): Promise<CaredFor[]> {
      return circle.caredFor(actor.caller.id);
    },

    /** What a link offers, for whoever holds it: it was mailed to them. */
    async preview(token: string): Promise<InvitationPreview> {
      const invitation = await openInvitation(token);
      return {
        patientName: invitation.patientName,
        email: invitation.email,
        relationship: invitation.relationship,
        permissions: invitation.permissions,
        expiresAt: invitation.expiresAt.toISOString(),
      };
    },

    /** Accepts an invitation for the signed-in account it was mailed to, once. */
    async accept(actor: Actor, token: string): Promise<CaredFor> {
      const invitation = await openInvitation(token);
      if (!sameAddress(invitation.email, actor.caller.email)) {
        throw new AppError('bad_request', careCircleMessages.invitationForAnother);
      }
      if (invitation.patientId === actor.caller.id) throw invitationGone();
      const accepted = await trail.change(
        () => circle.accept(invitation, actor.caller.id),
        (done) =>
          done
            ? entry(
                { ...actor, onBehalfOf: null },
                'care-access-granted',
                { type: 'care-grant', id: invitation.id, subjectId: invitation.patientId },
                { permissions: invitation.permissions },
              )
            : null,
      );
      if (!accepted) throw invitationGone();
      const cared = (await circle.caredFor(actor.caller.id)).find(
        (person) => person.patientId === invitation.patientId,
      );
      if (!cared) throw invitationGone();
      return cared;
    },

    /** Whether the caller holds any grant for the patient: what lets them act for them at all. */
    async mayActFor(callerId: string, patientId: string): Promise<boolean> {
      return (await circle.grant(callerId, patientId)) !== null;
    },

    /** Whether a sign-up may use this token as its invitation code: pending, for that address. */
    async admitsSignUp(token: string, email: string): Promise<boolean> {
      if (!invitationTokenPattern.test(token.trim().toUpperCase())) return false;
      const invitation = await circle.openInvitation(tokenHash(token));
      return invitation !== null && sameAddress(invitation.email, email);
    },
  };
}

export type CareCircleService = ReturnType<typeof careCircleService>;
