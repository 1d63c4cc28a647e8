import { pushSubscriptionSchema } from '@shared/notifications';
import { apiFetch } from '@/lib/api-client';

/** Stores this device's push subscription for the signed-in person. */
export async function savePushSubscription(subscription: unknown): Promise<void> {
  const body = pushSubscriptionSchema.parse(subscription);
  await apiFetch('/api/push/subscriptions', { method: 'POST', body: JSON.stringify(body) });
}
