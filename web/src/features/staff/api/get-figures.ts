import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NetworkFigures, TodayFigures } from '@shared/figures';
import { apiFetch } from '@/lib/api-client';

/** The figures move as the day goes on: asked again every half minute while on screen. */
const refreshMs = 30_000;

export const todayFiguresQuery = queryOptions({
  queryKey: ['figures', 'today'],
  queryFn: () => apiFetch<TodayFigures>('/api/figures/today'),
  refetchInterval: refreshMs,
});

export const networkFiguresQuery = queryOptions({
  queryKey: ['figures', 'network'],
  queryFn: () => apiFetch<NetworkFigures>('/api/figures/network'),
  refetchInterval: refreshMs,
});

export const useTodayFigures = () => useQuery(todayFiguresQuery);
export const useNetworkFigures = () => useQuery(networkFiguresQuery);
