import { signalSchema, type Signal } from '@shared/visits';
import { apiFetch } from '@/lib/api-client';

/** Passes a signal to the other participant through the server. */
/** `keepalive` lets a goodbye leave with a page that is going away. */
export function sendSignal(
  visitId: string,
  signal: Signal,
  keepalive = false,
): Promise<{ id: string }> {
  const body = signalSchema.parse(signal);
  return apiFetch<{ id: string }>(`/api/visits/${encodeURIComponent(visitId)}/signals`, {
    method: 'POST',
    body: JSON.stringify(body),
    keepalive,
  });
}
