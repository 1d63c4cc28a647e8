import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  availabilityQuerySchema,
  type Availability,
  type AvailabilityQuery,
} from '@shared/appointments';
import { apiFetch } from '@/lib/api-client';
import { appointmentsKeys } from './appointments-keys';

/**
 * The doctors one may book with and the free slots of one doctor on one day. Without a doctor
 * or a day, the server chooses the first doctor and day with a free slot.
 */
export function getAvailability(query: AvailabilityQuery): Promise<Availability> {
  const parsed = availabilityQuerySchema.parse(query);
  const search = new URLSearchParams();
  if (parsed.doctorId !== undefined) search.set('doctorId', parsed.doctorId);
  if (parsed.day !== undefined) search.set('day', parsed.day);
  const suffix = search.size > 0 ? `?${search.toString()}` : '';
  return apiFetch<Availability>(`/api/appointments/availability${suffix}`);
}

export function availabilityQueryOptions(query: AvailabilityQuery) {
  return queryOptions({
    queryKey: appointmentsKeys.availability(query),
    queryFn: () => getAvailability(query),
  });
}

/** Free slots change as others book: read again every half minute while the page is open. */
const availabilityRefreshMs = 30_000;

export function useAvailability(query: AvailabilityQuery) {
  return useQuery({
    ...availabilityQueryOptions(query),
    // The chosen doctor and day stay on screen while another day's slots load.
    placeholderData: keepPreviousData,
    refetchInterval: availabilityRefreshMs,
  });
}
