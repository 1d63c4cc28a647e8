import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DoctorDay } from '@shared/appointments';
import { apiFetch } from '@/lib/api-client';
import { appointmentsKeys } from './appointments-keys';

/** The doctor's appointments of today (clinic time), earliest first. */
export function getDoctorDay(): Promise<DoctorDay> {
  return apiFetch<DoctorDay>('/api/appointments/today');
}

export const doctorDayQueryOptions = queryOptions({
  queryKey: appointmentsKeys.today(),
  queryFn: getDoctorDay,
});

/** Read again this often even without push, in case the stream is down. */
const doctorDayFallbackRefreshMs = 60_000;

/** Today's appointments of the signed-in doctor; the visits stream's `appointments` events refresh it. */
export function useDoctorDay() {
  return useQuery({ ...doctorDayQueryOptions, refetchInterval: doctorDayFallbackRefreshMs });
}
