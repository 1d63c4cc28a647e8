import { useMutation, useQueryClient } from '@tanstack/react-query';
import { personChangeSchema, type Person, type PersonChange } from '@shared/people';
import { apiFetch } from '@/lib/api-client';
import { peopleKeys } from './people-keys';

/** What an admin does to a person: deactivate, reactivate, reset the second factor, or change. */
export type PersonAction =
  | { kind: 'deactivate' | 'reactivate' | 'second-factor/reset'; userId: string }
  | { kind: 'change'; userId: string; change: PersonChange };

export function actOnPerson(action: PersonAction): Promise<Person> {
  const path = `/api/people/${encodeURIComponent(action.userId)}`;
  if (action.kind === 'change') {
    return apiFetch<Person>(path, {
      method: 'PATCH',
      body: JSON.stringify(personChangeSchema.parse(action.change)),
    });
  }
  return apiFetch<Person>(`${path}/${action.kind}`, { method: 'POST' });
}

export function useActOnPerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: actOnPerson,
    networkMode: 'always',
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKeys.all() }),
  });
}
