/** Every visits query key starts with `visits`, so one invalidation can reach them all. */
export const visitsKeys = {
  all: ['visits'] as const,
  current: () => ['visits', 'current'] as const,
  history: () => ['visits', 'history'] as const,
  queue: () => ['visits', 'queue'] as const,
  detail: (id: string) => ['visits', 'detail', id] as const,
};
