import { hashKey, type QueryKey } from '@tanstack/react-query';
import type { actingForHeader as contractHeader } from '@shared/care-circle';
import { useStore } from './create-store';
import { dataOwner } from './data-owner';
import { localSetting } from './local-setting';

/**
 * Whom the signed-in person acts for on this device: a patient who let them care for them, or
 * a family member they are guardian of. Kept in localStorage as `<account id> <patient id>
 * <their name>`, so the choice is the account's on this device only: another account signing
 * in reads nobody, and erasing the account's data (`account-data.ts`) erases it too. The name
 * lets the device say whose access ended even when the server no longer lists them.
 */
const stored = localSetting<string | null>('sewa-acting-for', (raw) => raw);

function parse(raw: string | null): { userId: string; patientId: string; name: string } | null {
  if (raw === null) return null;
  const [userId, patientId, ...name] = raw.split(' ');
  return userId && patientId ? { userId, patientId, name: name.join(' ') } : null;
}

/** The patient the account `userId` acts for on this device, or null for their own record. */
export function actingForOf(userId: string | null): string | null {
  const choice = parse(stored.get());
  return choice !== null && choice.userId === userId ? choice.patientId : null;
}

/** The patient the signed-in account (whose data the device keeps) acts for, or null. */
export function currentActingFor(): string | null {
  return actingForOf(dataOwner.get());
}

/** Acts for `patientId` (named `name`) from now on, or for oneself (null). */
export function setActingFor(userId: string, patientId: string | null, name = ''): void {
  stored.set(patientId === null ? null : `${userId} ${patientId} ${name}`.trimEnd());
}

/** The name the account `userId` last chose `patientId` under on this device, if any. */
export function actingForNameOf(userId: string, patientId: string): string | null {
  const choice = parse(stored.get());
  return choice?.userId === userId && choice.patientId === patientId && choice.name !== ''
    ? choice.name
    : null;
}

/** Forgets the choice unless it is `keep`'s (everyone's when null). */
export function forgetActingFor(keep: string | null): void {
  const choice = parse(stored.get());
  if (choice !== null && choice.userId !== keep) stored.set(null);
}

/** Hears every change of whom the signed-in account acts for; returns the way to stop. */
export function onActingForChange(listener: () => void): () => void {
  const stopChoice = stored.subscribe(listener);
  const stopOwner = dataOwner.subscribe(listener);
  return () => {
    stopChoice();
    stopOwner();
  };
}

/** The patient the signed-in account acts for, re-rendering when either changes. */
export function useActingFor(): string | null {
  const raw = useStore(stored);
  const owner = useStore(dataOwner);
  const choice = parse(raw);
  return choice !== null && choice.userId === owner ? choice.patientId : null;
}

/**
 * Requests about the account itself, never about a patient it acts for: signing in, who is
 * signed in and their profile, sign-in factors, push and text settings, the clinic key, its
 * own care circle, whom it cares for, invitations. They go without the header, so a caregiver
 * whose access ended still learns whom they care for, and nothing of theirs is changed for
 * someone else.
 */
const ownAccountPath =
  /^\/api\/(auth|me|profile|mfa|push|notifications|clinic|health|dev|caring-for|care-circle|care-invitations)(\/|\?|$)/;

/** The header value a request to `path` carries, or null when it carries none. */
export function actingForHeaderOf(path: string, actingFor: string | null): string | null {
  if (actingFor === null || ownAccountPath.test(path)) return null;
  return actingFor;
}

/**
 * The request header naming the patient (`actingForHeader` in `shared/care-circle.ts`), spelt
 * here and held to the contract's by its type: importing the contract's module would bring
 * its schemas and the BS calendar into every page's first JavaScript.
 */
export const actingForHeader: typeof contractHeader = 'sewa-acting-for';

/** The error code the server answers a request for a patient whose grant is gone with. */
export const accessEndedCode: string = 'care_access_ended';

const accessEndedListeners = new Set<(patientId: string) => void>();

/** Hears every 403 `care_access_ended`, with the patient the request was for. */
export function onCareAccessEnded(listener: (patientId: string) => void): () => void {
  accessEndedListeners.add(listener);
  return () => accessEndedListeners.delete(listener);
}

export function reportCareAccessEnded(patientId: string): void {
  for (const listener of accessEndedListeners) listener(patientId);
}

/**
 * Queries about the account itself: the same whoever it acts for. Every other query is
 * the patient's it was asked for.
 */
const ownAccountQueries = new Set([
  'session',
  'caring-for',
  'care-circle',
  'care-invitation',
  'mfa',
]);

/**
 * The query cache's hash of a key (`queryKeyHashFn`): while the account acts for a patient,
 * every query about a patient is kept apart under that patient's id, so a screen shown for
 * Sita never reads what was loaded for oneself or for someone else, whatever the feature's
 * own key says, and everything of hers can be found and erased by `isQueryOf`.
 */
export function scopedQueryHash(queryKey: QueryKey): string {
  const actingFor = currentActingFor();
  if (actingFor === null || ownAccountQueries.has(String(queryKey[0]))) return hashKey(queryKey);
  return hashKey([{ actingFor }, ...queryKey]);
}

/** Whether a cached query holds `patientId`'s data: asked for them, or naming them in its key. */
export function isQueryOf(
  query: { queryKey: QueryKey; queryHash: string },
  patientId: string,
): boolean {
  if (query.queryKey.includes(patientId)) return true;
  return query.queryHash.startsWith(hashKey([{ actingFor: patientId }]).slice(0, -1) + ',');
}

/** The patients whose data the cache holds under their own scope (asked for while acting for them). */
export function scopedPatients(queryHashes: Iterable<string>): Set<string> {
  const patients = new Set<string>();
  for (const hash of queryHashes) {
    if (!hash.startsWith('[{"actingFor":')) continue;
    try {
      const [scope] = JSON.parse(hash) as [{ actingFor?: unknown }];
      if (typeof scope.actingFor === 'string') patients.add(scope.actingFor);
    } catch {
      // Not one of ours.
    }
  }
  return patients;
}
