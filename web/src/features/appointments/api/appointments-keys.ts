import type { AvailabilityQuery } from '@shared/appointments';

/** Every appointments query key starts with `appointments`, so one invalidation reaches them all. */
export const appointmentsKeys = {
  all: ['appointments'] as const,
  availabilityAll: () => ['appointments', 'availability'] as const,
  availability: (query: AvailabilityQuery) =>
    ['appointments', 'availability', query.doctorId ?? null, query.day ?? null] as const,
  next: () => ['appointments', 'next'] as const,
  mine: () => ['appointments', 'mine'] as const,
  today: () => ['appointments', 'today'] as const,
};
