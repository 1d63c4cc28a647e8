import { pushUnsubscribeSchema } from '@shared/notifications';
import { apiFetch } from '@/lib/api-client';

/** Forgets this device's push subscription on the server. */
export async function deletePushSubscription(endpoint: string): Promise<void> {
  const body = pushUnsubscribeSchema.parse({ endpoint });
  await apiFetch('/api/push/subscriptions', { method: 'DELETE', body: JSON.stringify(body) });
}
