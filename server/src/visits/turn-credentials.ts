import { createHmac } from 'node:crypto';
import { turnCredentialTtlSeconds, type IceServer } from '@shared/visits';

export interface TurnSettings {
  urls: string[];
  secret: string;
}

/**
 * The ICE servers for one visit's call. With a TURN server, a time-limited credential in
 * coturn's REST-API scheme (`use-auth-secret`): the username is the expiry (Unix seconds)
 * and the visit id, the credential the base64 HMAC-SHA1 of that username under the shared
 * secret, so the TURN server checks it without asking us. Without one, none: the browsers
 * then connect directly, or not at all behind strict networks.
 */
export function iceServersFor(
  turn: TurnSettings | undefined,
  visitId: string,
  now: Date = new Date(),
): IceServer[] {
  if (!turn) return [];
  const expiry = Math.floor(now.getTime() / 1000) + turnCredentialTtlSeconds;
  const username = `${expiry}:${visitId}`;
  const credential = createHmac('sha1', turn.secret).update(username).digest('base64');
  return [{ urls: [...turn.urls], username, credential }];
}
