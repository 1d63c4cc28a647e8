import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PatientList } from '@shared/patient-list';
import { apiFetch } from '@/lib/api-client';

/** `GET /api/patients`: the doctor's patients in care, or the manager's clinic's patients. */
export function patientsQueryOptions(search = '') {
  const term = search.trim();
  return queryOptions({
    queryKey: ['patients', term],
    queryFn: () =>
      apiFetch<PatientList>(`/api/patients${term ? `?search=${encodeURIComponent(term)}` : ''}`),
  });
}

/** The list for the search, the last one kept on screen while the next comes. */
export function usePatients(search = '') {
  return useQuery({ ...patientsQueryOptions(search), placeholderData: keepPreviousData });
}
