import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DoctorHours } from '@shared/appointments';
import { apiFetch } from '@/lib/api-client';
import { doctorHoursKeys } from './doctor-hours-keys';

export function getDoctorHours(doctorId: string): Promise<DoctorHours> {
  return apiFetch<DoctorHours>(`/api/doctors/${encodeURIComponent(doctorId)}/hours`);
}

export function doctorHoursQueryOptions(doctorId: string) {
  return queryOptions({
    queryKey: doctorHoursKeys.of(doctorId),
    queryFn: () => getDoctorHours(doctorId),
  });
}

/** A doctor's weekly hours, slot length and days off; the suggested week while never saved. */
export function useDoctorHours(doctorId: string) {
  return useQuery(doctorHoursQueryOptions(doctorId));
}
