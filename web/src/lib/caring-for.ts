import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CarePermission, CaredFor } from '@shared/care-circle';
import { useActingFor } from './acting-for';
import { apiFetch } from './api-client';

/** GET /api/caring-for: the people the signed-in account cares for. */
export const caringForQueryOptions = queryOptions({
  queryKey: ['caring-for'],
  queryFn: () => apiFetch<CaredFor[]>('/api/caring-for'),
  staleTime: 30_000,
});

/** The people the signed-in patient cares for (only patients care for anyone). */
export function useCaringFor(enabled = true) {
  return useQuery({ ...caringForQueryOptions, enabled });
}

/** The person the account acts for right now, as the server last listed them, or null. */
export function useActingForPerson(): CaredFor | null {
  const actingFor = useActingFor();
  const list = useCaringFor(actingFor !== null).data;
  if (actingFor === null) return null;
  return list?.find((person) => person.patientId === actingFor) ?? null;
}

/**
 * Whether the account may do `permission`'s part of the record shown: always for its own,
 * for someone else only what they granted (a guardian everything).
 */
export function useMayDo(permission: CarePermission): boolean {
  const actingFor = useActingFor();
  const person = useActingForPerson();
  if (actingFor === null) return true;
  if (person === null) return false;
  return person.guardian || person.permissions[permission];
}

/**
 * Whether the account may add to the record shown (a reading, a dose taken, a photo): always
 * to its own; to someone else's only as their guardian, whatever else they granted.
 */
export function useMayAddToRecord(): boolean {
  const actingFor = useActingFor();
  const person = useActingForPerson();
  if (actingFor === null) return true;
  return person?.guardian ?? false;
}
