import type { PeopleQuery } from '@shared/people';

/** The People feature's query keys: a page of the list, and an invitation's link. */
export const peopleKeys = {
  all: () => ['people'] as const,
  list: (query: PeopleQuery) => ['people', 'list', query] as const,
  invitation: (token: string) => ['people', 'invitation', token] as const,
};
