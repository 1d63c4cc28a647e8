import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClinicAnnouncements } from '@shared/clinic-settings';
import { apiFetch } from '@/lib/api-client';

export const announcementsQueryOptions = queryOptions({
  queryKey: ['announcements'],
  queryFn: () => apiFetch<ClinicAnnouncements>('/api/announcements'),
});

/** What the clinics that care for the reader announce today, as their administrators wrote it. */
export function useAnnouncements() {
  return useQuery(announcementsQueryOptions);
}
