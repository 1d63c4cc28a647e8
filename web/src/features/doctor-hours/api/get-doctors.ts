import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { doctorHoursKeys } from './doctor-hours-keys';

/** A doctor as a manager's list shows them: whether their hours are saved yet. */
export interface DoctorEntry {
  id: string;
  name: string;
  saved: boolean;
}

export function getDoctors(): Promise<DoctorEntry[]> {
  return apiFetch<DoctorEntry[]>('/api/doctors');
}

export const doctorsQueryOptions = queryOptions({
  queryKey: doctorHoursKeys.doctors(),
  queryFn: getDoctors,
});

/** The clinic's doctors, for managers and doctors. */
export function useDoctors() {
  return useQuery(doctorsQueryOptions);
}
