import type { Visit } from '@shared/visits';
import { apiFetch } from '@/lib/api-client';

/** The participant left the call; it may be rejoined for a while. Sent as the page goes away too. */
export function leaveCall(id: string): Promise<Visit> {
  return apiFetch<Visit>(`/api/visits/${encodeURIComponent(id)}/leave`, {
    method: 'POST',
    body: '{}',
    keepalive: true,
  });
}
