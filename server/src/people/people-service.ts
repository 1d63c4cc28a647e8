import { createHash, randomBytes } from 'node:crypto';
import {
  peopleMessages,
  peoplePageSize,
  staffInvitationPath,
  staffInvitationValidDays,
  type PeoplePage,
  type PeopleQuery,
  type Person,
  type PersonChange,
  type StaffInvitationAccept,
  type StaffInvitationAccepted,
  type StaffInvitationPreview,
  type StaffInvitationRequest,
} from '@shared/people';
import type { Actor } from '../auth/actor';
import { agentOf, type AuditTrail } from '../audit/audit-trail';
import type { ClinicsRepository } from '../clinics/clinics-repository';
import { AppError } from '../http/app-error';
import type { Mailer } from '../mail/mailer';
import { secondFactorResetMail, staffInvitationMail, type MailLanguage } from '../mail/templates';
import { loginClaimLimit } from '../rate-limit/auth-limits';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import { rateLimited } from '../rate-limit/refusal';
import type { SessionEndings } from '../realtime/session-endings';
import {
  checkMayActOn,
  checkMayInvite,
  managerOf,
  placementFor,
  scopeOf,
  type PeopleManager,
} from './people-access';
import type { PeopleRepository } from './people-repository';

export interface PeopleServiceDeps {
  people: PeopleRepository;
  clinics: Pick<ClinicsRepository, 'clinicOf' | 'list' | 'find'>;
  trail: AuditTrail;
  mailer: Mailer;
  limiter: RateLimiter;
  publicUrl: string;
  sessionEndings: Pick<SessionEndings, 'announce'>;
  /** Makes a confirmed account with this password (the account system's own hash). */
  createAccount(account: { email: string; name: string; password: string }): Promise<{
    id: string;
  }>;
  /** Removes every second factor of the account: authenticator app, phone, passkeys. */
  removeSecondFactors(userId: string): Promise<void>;
  /** The language the person chose for their account, or null. */
  accountLanguage(userId: string): Promise<MailLanguage | null>;
}

/** What the link carries: 260 random bits in base32 capitals. */
function newToken(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  return [...randomBytes(52)].map((byte) => alphabet[byte & 31]).join('');
}

/** The token is never stored, only its hash: a copy of the database opens no invitation. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token.trim().toUpperCase()).digest('hex');
}

const invitationGone = () => new AppError('not_found', peopleMessages.invitationGone);
const noSuchPerson = () => new AppError('not_found', peopleMessages.noSuchPerson);

/**
 * People, for an admin (their clinic's) and the superadmin (everyone): the list, deactivating
 * and reactivating, a new role or clinic, a second factor reset, and staff invited by mail.
 * Every change is in the audit trail, in the change's unit of work.
 */
export function peopleService(deps: PeopleServiceDeps) {
  const { people, clinics, trail } = deps;
  const manage = (actor: Actor) => managerOf(actor, (id) => clinics.clinicOf(id));

  /** The person within the manager's reach that they may act on. */
  async function reachable(manager: PeopleManager, userId: string): Promise<Person> {
    const scope = scopeOf(manager);
    if (scope === undefined) throw noSuchPerson();
    return checkMayActOn(manager, await people.find(userId, scope));
  }

  /** The person's sessions end now, on every server: their open screens close at once. */
  async function endSessionsOf(userId: string): Promise<void> {
    await deps.sessionEndings.announce({ userId });
  }

  /** The person as they are now, after a change. */
  async function refreshed(userId: string): Promise<Person> {
    const person = await people.find(userId, null);
    if (person === null) throw noSuchPerson();
    return person;
  }

  return {
    async list(actor: Actor, query: PeopleQuery): Promise<PeoplePage> {
      const manager = await manage(actor);
      const scope = scopeOf(manager);
      const page = query.page ?? 1;
      const allClinics = await clinics.list();
      const shown = allClinics
        .filter((clinic) => scope === null || clinic.id === scope)
        .map((clinic) => ({ id: clinic.id, name: clinic.name }));
      if (scope === undefined) {
        return { people: [], total: 0, page, pageSize: peoplePageSize, clinics: shown };
      }
      const found = await people.list({ ...query, scope, page });
      return { ...found, page, pageSize: peoplePageSize, clinics: shown };
    },

    async deactivate(actor: Actor, userId: string): Promise<Person> {
      const manager = await manage(actor);
      const person = await reachable(manager, userId);
      const changed = await trail.change(
        async () => {
          if (person.role === 'superadmin' && (await people.activeSuperadmins()) <= 1) {
            throw new AppError('conflict', peopleMessages.lastSuperadmin);
          }
          const done = await people.setDeactivated(userId, new Date());
          await people.endSessions(userId);
          return done;
        },
        (done) =>
          done
            ? {
                type: 'person-deactivated',
                agent: agentOf(actor),
                entity: { type: 'account', id: userId },
              }
            : null,
      );
      if (changed) await endSessionsOf(userId);
      return refreshed(userId);
    },

    async reactivate(actor: Actor, userId: string): Promise<Person> {
      const manager = await manage(actor);
      await reachable(manager, userId);
      await trail.change(
        () => people.setDeactivated(userId, null),
        (done) =>
          done
            ? {
                type: 'person-reactivated',
                agent: agentOf(actor),
                entity: { type: 'account', id: userId },
              }
            : null,
      );
      return refreshed(userId);
    },

    /**
     * A new role or clinic. The person's sessions end with it, so every open screen closes at
     * once and their next sign-in shows only what the new role may see.
     */
    async change(actor: Actor, userId: string, change: PersonChange): Promise<Person> {
      const manager = await manage(actor);
      const person = await reachable(manager, userId);
      if (change.clinicId && (await clinics.find(change.clinicId)) === null) {
        throw new AppError('not_found', peopleMessages.noSuchClinic);
      }
      const current = { role: person.role, clinicId: person.clinic?.id ?? null };
      const next = placementFor(manager, current, change);
      if (next.role === current.role && next.clinicId === current.clinicId) return person;
      await trail.change(
        async () => {
          if (
            person.role === 'superadmin' &&
            next.role !== 'superadmin' &&
            person.status === 'active' &&
            (await people.activeSuperadmins()) <= 1
          ) {
            throw new AppError('conflict', peopleMessages.lastSuperadmin);
          }
          await people.place(userId, next.role, next.clinicId);
          await people.endSessions(userId);
        },
        () => ({
          type: 'person-changed',
          agent: agentOf(actor),
          entity: { type: 'account', id: userId },
          detail: { from: current, to: next },
        }),
      );
      await endSessionsOf(userId);
      return refreshed(userId);
    },

    /** Removes every second factor of the person, who is told by mail. */
    async resetSecondFactor(actor: Actor, userId: string): Promise<Person> {
      const manager = await manage(actor);
      const person = await reachable(manager, userId);
      await trail.change(
        () => deps.removeSecondFactors(userId),
        () => ({
          type: 'second-factor-reset',
          agent: agentOf(actor),
          entity: { type: 'second-factor', id: userId, subjectId: userId },
        }),
      );
      if (person.email !== null) {
        const language = (await deps.accountLanguage(userId)) ?? 'en';
        await deps.mailer.send(secondFactorResetMail(language, person.email));
      }
      return refreshed(userId);
    },

    /** Mails a staff member a link to choose a password; an earlier one to the address dies. */
    async invite(actor: Actor, request: StaffInvitationRequest): Promise<Person> {
      const manager = await manage(actor);
      if (scopeOf(manager) === undefined)
        throw new AppError('not_found', peopleMessages.noSuchClinic);
      const clinicId = request.clinicId ?? null;
      if (clinicId !== null && (await clinics.find(clinicId)) === null) {
        throw new AppError('not_found', peopleMessages.noSuchClinic);
      }
      checkMayInvite(manager, request.role);
      const placed = placementFor(manager, { role: request.role, clinicId }, {});
      if (await people.hasAccount(request.email)) {
        throw new AppError('conflict', peopleMessages.hasAccount);
      }
      const token = newToken();
      const expiresAt = new Date(Date.now() + staffInvitationValidDays * 24 * 60 * 60 * 1000);
      const id = await trail.change(
        () =>
          people.addInvitation({
            email: request.email,
            role: placed.role,
            clinicId: placed.clinicId,
            language: request.language,
            tokenHash: tokenHash(token),
            invitedBy: actor.caller.id,
            expiresAt,
          }),
        (made) => ({
          type: 'staff-invitation-sent',
          agent: agentOf(actor),
          entity: { type: 'staff-invitation', id: made },
          detail: { role: placed.role, clinicId: placed.clinicId },
        }),
      );
      const clinic = placed.clinicId === null ? null : await clinics.find(placed.clinicId);
      const url = new URL(staffInvitationPath(token), deps.publicUrl).toString();
      await deps.mailer.send(
        staffInvitationMail(
          request.language,
          request.email.trim().toLowerCase(),
          placed.role,
          clinic?.name ?? null,
          url,
          staffInvitationValidDays,
        ),
      );
      const invited = await people.list({ scope: null, id });
      const shown = invited.people[0];
      if (!shown) throw invitationGone();
      return shown;
    },

    /** What an invitation's link offers, while it is pending. */
    async preview(token: string): Promise<StaffInvitationPreview> {
      const invitation = await people.openInvitation(tokenHash(token));
      if (!invitation) throw invitationGone();
      return {
        email: invitation.email,
        role: invitation.role,
        clinicName: invitation.clinicName,
        expiresAt: invitation.expiresAt.toISOString(),
      };
    },

    /** Opens the invited account, once, with the password chosen, in the invited role and clinic. */
    async accept(
      token: string,
      input: StaffInvitationAccept,
      address: string,
    ): Promise<StaffInvitationAccepted> {
      const decision = await deps.limiter.hit(`people:accept:ip:${address}`, loginClaimLimit);
      if (!decision.allowed) throw rateLimited(decision);
      const invitation = await people.openInvitation(tokenHash(token));
      if (!invitation) throw invitationGone();
      if (await people.hasAccount(invitation.email)) {
        throw new AppError('conflict', peopleMessages.hasAccount);
      }
      const [firstName, ...rest] = input.name.trim().split(/\s+/);
      await trail.change(
        async () => {
          const account = await deps.createAccount({
            email: invitation.email,
            name: input.name.trim(),
            password: input.password,
          });
          if (!(await people.acceptInvitation(invitation.id, account.id))) throw invitationGone();
          await people.place(account.id, invitation.role, invitation.clinicId);
          await people.name(account.id, firstName ?? input.name.trim(), rest.join(' ') || null);
          return account;
        },
        (account) => ({
          type: 'staff-invitation-accepted',
          agent: { id: account.id, role: invitation.role, address, onBehalfOf: null },
          entity: { type: 'staff-invitation', id: invitation.id, subjectId: account.id },
          detail: { role: invitation.role, clinicId: invitation.clinicId },
        }),
      );
      return { email: invitation.email, role: invitation.role };
    },

    /** Whether the account was deactivated: the account system refuses it a session. */
    isDeactivated: (userId: string) => people.isDeactivated(userId),
  };
}

export type PeopleService = ReturnType<typeof peopleService>;
