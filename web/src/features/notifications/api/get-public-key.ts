import { pushPublicKeySchema } from '@shared/notifications';
import { apiFetch } from '@/lib/api-client';

/** The server's VAPID public key (base64url), which a device's push subscription names. */
export async function getPushPublicKey(): Promise<string> {
  return pushPublicKeySchema.parse(await apiFetch('/api/push/public-key')).publicKey;
}
