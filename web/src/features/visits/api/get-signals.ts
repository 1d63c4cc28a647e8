import type { SignalEvent } from '@shared/visits';
import { apiFetch } from '@/lib/api-client';

/** The signals to me after the one with id `after`, oldest first: the catch-up after a gap. */
export function getSignals(visitId: string, after: string): Promise<SignalEvent[]> {
  const query = after ? `?after=${encodeURIComponent(after)}` : '';
  return apiFetch<SignalEvent[]>(`/api/visits/${encodeURIComponent(visitId)}/signals${query}`);
}
