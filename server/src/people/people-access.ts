import {
  belongsToClinic,
  peopleMessages,
  roleRank,
  type Person,
  type PersonChange,
} from '@shared/people';
import type { Role } from '@shared/role';
import type { Actor } from '../auth/actor';
import { AppError } from '../http/app-error';

/**
 * Who manages whom, in one place: the superadmin everyone in the network; an admin the people
 * of their own clinic (its staff, and the patients its doctors booked or saw), never anyone of
 * a role above their own, and never to a role above it or into another clinic. Nobody changes
 * their own account here. A person out of the manager's reach looks exactly like one who does
 * not exist.
 */
export interface PeopleManager {
  actor: Actor;
  role: 'admin' | 'superadmin';
  /** The clinic an admin manages; null for the superadmin, who manages every clinic. */
  clinicId: string | null;
}

const noSuchPerson = () => new AppError('not_found', peopleMessages.noSuchPerson);

/** The manager the actor is, or a refusal: only an admin or the superadmin, as themselves. */
export async function managerOf(
  actor: Actor,
  clinicOf: (userId: string) => Promise<string | null>,
): Promise<PeopleManager> {
  const role = actor.caller.role;
  if (actor.onBehalfOf !== null || (role !== 'admin' && role !== 'superadmin')) {
    throw new AppError('forbidden', peopleMessages.onlyAdmins);
  }
  return { actor, role, clinicId: role === 'admin' ? await clinicOf(actor.caller.id) : null };
}

/**
 * The scope a manager's lists and lookups are narrowed to: null (everyone) for the superadmin,
 * an admin's clinic; undefined for an admin placed in no clinic, who manages nobody.
 */
export function scopeOf(manager: PeopleManager): string | null | undefined {
  if (manager.role === 'superadmin') return null;
  return manager.clinicId ?? undefined;
}

/** The manager may act on this person (found within their scope): not themselves, not above. */
export function checkMayActOn(manager: PeopleManager, person: Person | null): Person {
  if (person === null) throw noSuchPerson();
  if (person.id === manager.actor.caller.id) {
    throw new AppError('forbidden', peopleMessages.notYourself);
  }
  if (roleRank[person.role] > roleRank[manager.role]) throw noSuchPerson();
  return person;
}

/**
 * The role and clinic a person is given, as they will be: no role above the manager's own; a
 * clinic for a role that belongs to one (an admin's own), none for a role that does not.
 */
export function placementFor(
  manager: PeopleManager,
  current: { role: Role; clinicId: string | null },
  change: PersonChange,
): { role: Role; clinicId: string | null } {
  const role = change.role ?? current.role;
  if (roleRank[role] > roleRank[manager.role]) {
    throw new AppError('forbidden', peopleMessages.roleAbove);
  }
  if (!belongsToClinic(role)) return { role, clinicId: null };
  const clinicId = change.clinicId === undefined ? current.clinicId : change.clinicId;
  if (clinicId === null) throw new AppError('bad_request', peopleMessages.clinicNeeded);
  if (manager.role === 'admin' && clinicId !== manager.clinicId) {
    throw new AppError('not_found', peopleMessages.noSuchClinic);
  }
  return { role, clinicId };
}

/**
 * The roles a manager invites staff with: an admin, the roles of a clinic (their own); the
 * superadmin any staff role, the network's researchers and superadmins too.
 */
export function checkMayInvite(manager: PeopleManager, role: Role): void {
  if (manager.role === 'admin' && !belongsToClinic(role)) {
    throw new AppError('forbidden', peopleMessages.roleAbove);
  }
}
