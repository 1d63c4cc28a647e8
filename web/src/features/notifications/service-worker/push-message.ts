// Types only: the schemas would bring zod into the worker's script.
import type { PushPayload } from '@shared/notifications';

/** What the service worker shows for one push message. */
export interface ShownNotification {
  title: string;
  options: Omit<NotificationOptions, 'data'> & { data: { path: string } };
}

const icon = '/icons/icon-192.png';
const languages: readonly PushPayload['lang'][] = ['en', 'ne'];

/** A page of our own to open: a path on this origin, never another site's address. */
export function ownPath(path: unknown): string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') ? path : '/';
}

/** What the worker uses of a payload; the kind decides nothing here, the server's words do. */
type Shown = Omit<PushPayload, 'kind'>;

function payloadOf(data: unknown): Shown | null {
  if (typeof data !== 'object' || data === null) return null;
  const fields = data as Record<string, unknown>;
  const { title, body, path, lang, tag } = fields;
  if (typeof title !== 'string' || typeof body !== 'string' || typeof tag !== 'string') {
    return null;
  }
  return {
    title,
    body,
    path: ownPath(path),
    lang: languages.find((known) => known === lang) ?? 'en',
    tag,
  };
}

/**
 * The notification for a push message's payload (`pushPayloadSchema`): the server's words in
 * the recipient's language, one per tag. A message that cannot be read still shows
 * something, since a push the browser was told would be visible must be.
 */
export function notificationOf(data: unknown): ShownNotification {
  const payload = payloadOf(data);
  if (!payload) {
    return { title: 'Sewa', options: { icon, badge: icon, data: { path: '/' } } };
  }
  return {
    title: payload.title,
    options: {
      body: payload.body,
      tag: payload.tag,
      lang: payload.lang,
      icon,
      badge: icon,
      data: { path: payload.path },
    },
  };
}
