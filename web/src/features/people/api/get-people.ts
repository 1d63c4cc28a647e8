import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { peopleQuerySchema, type PeoplePage, type PeopleQuery } from '@shared/people';
import { apiFetch } from '@/lib/api-client';
import { peopleKeys } from './people-keys';

/** `GET /api/people`: a page of people, searched and filtered. */
export function getPeople(query: PeopleQuery): Promise<PeoplePage> {
  const checked = peopleQuerySchema.parse(query);
  const params = new URLSearchParams();
  // The parsed query holds only the filters given.
  for (const [name, value] of Object.entries(checked)) params.set(name, String(value));
  const search = params.toString();
  return apiFetch<PeoplePage>(`/api/people${search ? `?${search}` : ''}`);
}

export function usePeople(query: PeopleQuery) {
  return useQuery({
    queryKey: peopleKeys.list(query),
    queryFn: () => getPeople(query),
    placeholderData: keepPreviousData,
  });
}
