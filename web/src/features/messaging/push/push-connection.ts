import type { QueryClient } from '@tanstack/react-query';
import { messageEventSchema } from '@shared/messaging';
import { addToMessages, catchUpMessages } from '../api/get-messages';
import { messagingKeys } from '../api/query-keys';
import { setPushConnected } from './push-connected';

const eventsUrl = '/api/messaging/events';
/** When the browser gives up on a stream (it does on an error answer), try again after this, doubling. */
const reopenMs = { first: 2_000, max: 60_000 };

/**
 * One push stream per tab, shared by every screen that shows messages. While it is
 * connected the 5-second poll stops; whenever it (re)connects or the server reports a
 * gap, each conversation on screen asks for what came after its last message.
 */
let users = 0;
let source: EventSource | undefined;
let reopenTimer: ReturnType<typeof setTimeout> | undefined;
let reopenDelay = reopenMs.first;
let queryClient: QueryClient | undefined;

function catchUp() {
  if (!queryClient) return;
  void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
  // A failed catch-up leaves the messages to the next reconnect or to the poll.
  catchUpMessages(queryClient).catch(() => setPushConnected(false));
}

function onMessage(event: MessageEvent<string>) {
  let data: unknown;
  try {
    data = JSON.parse(event.data);
  } catch {
    return;
  }
  const message = messageEventSchema.safeParse(data);
  if (!message.success || !queryClient) return;
  addToMessages(queryClient, [message.data]);
  void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
}

function open() {
  if (typeof EventSource === 'undefined') return;
  const stream = new EventSource(eventsUrl);
  source = stream;
  stream.addEventListener('ready', () => {
    reopenDelay = reopenMs.first;
    setPushConnected(true);
    catchUp();
  });
  stream.addEventListener('message', onMessage);
  stream.addEventListener('resync', catchUp);
  stream.addEventListener('error', () => {
    setPushConnected(false);
    // CONNECTING means the browser retries by itself; CLOSED means it gave up.
    if (stream.readyState === EventSource.CLOSED && source === stream) {
      source = undefined;
      reopenTimer = setTimeout(open, reopenDelay);
      reopenDelay = Math.min(reopenDelay * 2, reopenMs.max);
    }
  });
}

function close() {
  clearTimeout(reopenTimer);
  reopenTimer = undefined;
  source?.close();
  source = undefined;
  setPushConnected(false);
}

/** Starts (or joins) the tab's push stream; the returned function leaves it. */
export function acquirePush(client: QueryClient): () => void {
  queryClient = client;
  users += 1;
  if (users === 1) open();
  return () => {
    users -= 1;
    if (users === 0) close();
  };
}
