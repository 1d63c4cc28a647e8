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
  type LoginClaimed,
  type PendingInvitation,
  type Relationship,
} from '@shared/care-circle';
import type { OnboardingValues } from '@shared/onboarding';
import type { Actor } from '../auth/actor';
import type { AuditRecord } from '../audit/audit-repository';
import { agentOf, type AuditTrail } from '../audit/audit-trail';
import { AppError } from '../http/app-error';
import { careCircleMail, type MailLanguage } from '../mail/templates';
import type { Mailer } from '../mail/mailer';
import { loginClaimLimit } from '../rate-limit/auth-limits';
import type { Limit, RateLimiter } from '../rate-limit/rate-limiter';
import { rateLimited } from '../rate-limit/refusal';
import {
  dependentName,
  type CareCircleRepository,
  type OpenInvitation,
} from './care-circle-repository';
import type { UsersRepository } from '../auth/users-repository';
import type { CareAccessChanges } from '../realtime/care-access-changes';
import type { SessionEndings } from '../realtime/session-endings';

/** A patient invites a few people; hundreds an hour would be mail sent at someone. */
const inviteLimit: Limit = { max: 20, windowSeconds: 60 * 60 };

const invitationGone = () => new AppError('not_found', careCircleMessages.invitationGone);
const noSuchCaregiver = () => new AppError('not_found', 'No such caregiver.');
const noSuchInvitation = () => new AppError('not_found', 'No such invitation.');
/** The route's answer for an id that is no one's: a dependent not the caller's looks the same. */
const noSuchDependent = () => new AppError('not_found', 'No such record.');

/** Every permission: a login invitation names no grant, its columns say everything. */
const everything: CarePermissions = { record: true, message: true, visits: true };

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
  /** A dependent's account and their own login: accounts are written through the users repository. */
  users: Pick<UsersRepository, 'addDependentAccount' | 'giveDependentLogin' | 'idByEmail' | 'get'>;
  /** The account system's hash of a password (`passwordHashOf`). */
  hashPassword: (password: string) => Promise<string>;
  trail: AuditTrail;
  mailer: Mailer;
  limiter: RateLimiter;
  publicUrl: string;
  /** Tells every server that a grant changed, so the caregiver's open streams check again. */
  careAccess: Pick<CareAccessChanges, 'announce'>;
  /** Tells every server that an account's sessions ended, so its open streams close at once. */
  sessionEndings: Pick<SessionEndings, 'announce'>;
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

  /** Mails an invitation's link, from `senderId` (named as mail and screens name them). */
  async function mailLink(
    kind: Parameters<typeof careCircleMail>[0],
    language: MailLanguage,
    to: string,
    senderId: string,
    token: string,
  ): Promise<void> {
    const sender = await circle.nameOf(senderId);
    const url = new URL(invitationPath(token), deps.publicUrl).toString();
    await deps.mailer.send(careCircleMail(kind, language, to, sender, url, invitationValidDays));
  }

  /** An invitation's token and when its link stops working. */
  function newLink(): { token: string; expiresAt: Date } {
    const expiresAt = new Date(Date.now() + invitationValidDays * 24 * 60 * 60 * 1000);
    return { token: newToken(), expiresAt };
  }

  /** The invitation to care a sign-up with this code and address comes through, or null. */
  async function admittedBy(code: string, email: string): Promise<OpenInvitation | null> {
    if (!invitationTokenPattern.test(code.trim().toUpperCase())) return null;
    const invitation = await circle.openInvitation(tokenHash(code));
    return invitation !== null &&
      invitation.dependentId === null &&
      sameAddress(invitation.email, email)
      ? invitation
      : null;
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
      const { token, expiresAt } = newLink();
      const invitation = await trail.change(
        async () => {
          await circle.cancelInvitationsTo(patientId, input.email);
          return circle.addInvitation({
            patientId,
            email: input.email.trim(),
            relationship: input.relationship,
            permissions: input.permissions,
            tokenHash: tokenHash(token),
            expiresAt,
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
      await mailLink('careInvitation', language, invitation.email, patientId, token);
      return invitation;
    },

    /**
     * Mails a dependent of the guardian's a link to their own login; an earlier one for them
     * dies with it. Whether the address has an account already is said only when it is claimed.
     */
    async inviteLogin(
      actor: Actor,
      dependentId: string,
      email: string,
      language: MailLanguage,
    ): Promise<PendingInvitation> {
      const guardianId = ownCircle(actor);
      const grant = await circle.grant(guardianId, dependentId);
      if (!grant?.guardian) throw noSuchDependent();
      if (sameAddress(email, actor.caller.email)) {
        throw new AppError('bad_request', careCircleMessages.invitingYourself);
      }
      const decision = await deps.limiter.hit(`care:invite:user:${guardianId}`, inviteLimit);
      if (!decision.allowed) throw rateLimited(decision);
      const { token, expiresAt } = newLink();
      const invitation = await trail.change(
        async () => {
          await circle.cancelLoginInvitations(guardianId, dependentId);
          return circle.addInvitation({
            patientId: guardianId,
            email: email.trim(),
            relationship: grant.relationship,
            permissions: everything,
            tokenHash: tokenHash(token),
            expiresAt,
            dependentId,
          });
        },
        (made) =>
          entry(
            actor,
            'dependent-login-invited',
            { type: 'care-invitation', id: made.id, subjectId: dependentId },
            { guardian: guardianId },
          ),
      );
      await mailLink('dependentLogin', language, invitation.email, guardianId, token);
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
        kind: invitation.dependentId === null ? 'caregiver' : 'login',
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
      if (invitation.dependentId !== null) throw invitationGone();
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

    /**
     * A dependent takes their own login through the link mailed to them, which proves the
     * address: in one unit of work the invitation is used, their account takes the address
     * and the password, and the guardian's grant becomes an ordinary one. An address that has
     * an account already is refused, and nothing changes.
     */
    async claimLogin(token: string, password: string, address: string): Promise<LoginClaimed> {
      const decision = await deps.limiter.hit(`care:claim:ip:${address}`, loginClaimLimit);
      if (!decision.allowed) throw rateLimited(decision);
      const invitation = await openInvitation(token);
      const dependentId = invitation.dependentId;
      if (dependentId === null) throw invitationGone();
      const email = invitation.email.trim().toLowerCase();
      const passwordHash = await deps.hashPassword(password);
      const claimed = await trail.change(
        async () => {
          if (!(await circle.useLoginInvitation(invitation))) return false;
          if ((await deps.users.idByEmail(email)) !== null) {
            throw new AppError('conflict', careCircleMessages.addressHasAccount);
          }
          const given = await deps.users.giveDependentLogin(dependentId, email, passwordHash);
          if (given === 'address-taken') {
            throw new AppError('conflict', careCircleMessages.addressHasAccount);
          }
          if (given === 'gone') throw invitationGone();
          await circle.endGuardianship(invitation.patientId, dependentId);
          return true;
        },
        (done) =>
          done
            ? {
                type: 'dependent-login-claimed',
                agent: { id: dependentId, role: 'patient', address, onBehalfOf: null },
                entity: { type: 'account', id: dependentId, subjectId: dependentId },
                detail: { guardian: invitation.patientId },
              }
            : null,
      );
      if (!claimed) throw invitationGone();
      // The guardian's grant changed: their open streams of the dependent check again.
      await deps.careAccess.announce({ caregiverId: invitation.patientId, patientId: dependentId });
      // Every session the account had is gone with its old ways in: whoever held one (someone
      // who signed in before the claim) is closed out of their open screens now, not a minute on.
      await deps.sessionEndings.announce({ userId: dependentId });
      return { email };
    },

    /** Whether the caller holds any grant for the patient: what lets them act for them at all. */
    async mayActFor(callerId: string, patientId: string): Promise<boolean> {
      return (await circle.grant(callerId, patientId)) !== null;
    },

    /** Whether a sign-up may use this token as its invitation code: pending, for that address. */
    async admitsSignUp(token: string, email: string): Promise<boolean> {
      return (await admittedBy(token, email)) !== null;
    },

    /**
     * After a sign-up the account system took: the unconfirmed account of that address
     * remembers the invitation whose link was its code (or none, for the pilot's code), so
     * confirming the address accepts it. The latest sign-up decides; a confirmed account's
     * owner accepts by signing in, as anyone with an account does.
     */
    async signedUp(code: string, email: string): Promise<void> {
      const userId = await deps.users.idByEmail(email.trim().toLowerCase());
      if (userId === null || (await deps.users.get(userId)).emailVerified) return;
      const invitation = await admittedBy(code, email);
      await circle.noteSignUp(userId, invitation?.id ?? null);
    },

    /**
     * The account confirmed its address: each invitation its sign-up came through, still
     * pending and mailed to that very address, is accepted for it, each with its own entry.
     * A cancelled, expired or used one gives nothing.
     */
    async addressConfirmed(account: { id: string; email: string }, address: string | null) {
      for (const invitation of await circle.signedUpThrough(account.id)) {
        if (!sameAddress(invitation.email, account.email)) continue;
        if (invitation.patientId === account.id) continue;
        await trail.change(
          () => circle.accept(invitation, account.id),
          (done) =>
            done
              ? {
                  type: 'care-access-granted',
                  agent: { id: account.id, role: 'patient', address, onBehalfOf: null },
                  entity: {
                    type: 'care-grant',
                    id: invitation.id,
                    subjectId: invitation.patientId,
                  },
                  detail: { permissions: invitation.permissions, through: 'sign-up' },
                }
              : null,
        );
      }
    },
  };
}

export type CareCircleService = ReturnType<typeof careCircleService>;
