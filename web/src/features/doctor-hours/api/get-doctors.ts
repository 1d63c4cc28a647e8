import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DoctorListEntry } from '@shared/appointments';
import { apiFetch } from '@/lib/api-client';
import { doctorHoursKeys } from './doctor-hours-keys';

/** The doctors, each with whether their hours are saved yet. */
export function getDoctors(): Promise<DoctorListEntry[]> {
  return apiFetch<DoctorListEntry[]>('/api/doctors');
}

export const doctorsQueryOptions = queryOptions({
  queryKey: doctorHoursKeys.doctors(),
  queryFn: getDoctors,
});

/** The clinic's doctors, for managers and doctors. */
export function useDoctors() {
  return useQuery(doctorsQueryOptions);
}
