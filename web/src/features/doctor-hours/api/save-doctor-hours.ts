import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  saveDoctorHoursSchema,
  type DoctorHours,
  type SaveDoctorHours,
} from '@shared/appointments';
import { apiFetch } from '@/lib/api-client';
import { doctorHoursKeys } from './doctor-hours-keys';

export interface SaveHoursInput {
  doctorId: string;
  hours: SaveDoctorHours;
}

/** Replaces a doctor's whole week, slot length and days off at once. */
export function saveDoctorHours({ doctorId, hours }: SaveHoursInput): Promise<DoctorHours> {
  const body = saveDoctorHoursSchema.parse(hours);
  return apiFetch<DoctorHours>(`/api/doctors/${encodeURIComponent(doctorId)}/hours`, {
    method: 'PUT',
    body: JSON.stringify(body),
  });
}

export function useSaveDoctorHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDoctorHours,
    networkMode: 'always',
    onSuccess: (saved, { doctorId }) => {
      queryClient.setQueryData(doctorHoursKeys.of(doctorId), saved);
      void queryClient.invalidateQueries({ queryKey: doctorHoursKeys.doctors() });
    },
  });
}
