import type { QueryClient } from '@tanstack/react-query';
import { messageEventSchema } from '@shared/messaging';
import { currentActingFor, onActingForChange } from '@/lib/acting-for';
import { createSharedEventSource, eventData } from '@/lib/shared-event-source';
import { addToMessages, catchUpMessages } from '../api/get-messages';
import { messagingKeys } from '../api/query-keys';
import { setPushConnected } from './push-connected';

let queryClient: QueryClient | undefined;

function catchUp() {
  if (!queryClient) return;
  void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
  // A failed catch-up leaves the messages to the next reconnect or to the poll.
  catchUpMessages(queryClient).catch(() => setPushConnected(false));
}

function onMessage(event: MessageEvent<string>) {
  const message = messageEventSchema.safeParse(eventData(event));
  if (!message.success || !queryClient) return;
  addToMessages(queryClient, [message.data]);
  void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
}

/**
 * One push stream per tab, shared by every screen that shows messages. While it is
 * connected the 5-second poll stops; whenever it (re)connects or the server reports a
 * gap, each conversation on screen asks for what came after its last message.
 */
const stream = createSharedEventSource({
  // While caring for someone, their care team's messages: the server checks the grant.
  url: () => {
    const patientId = currentActingFor();
    return patientId === null
      ? '/api/messaging/events'
      : `/api/messaging/events?for=${encodeURIComponent(patientId)}`;
  },
  listeners: { message: onMessage, resync: catchUp },
  onConnected: () => {
    setPushConnected(true);
    catchUp();
  },
  onDisconnected: () => setPushConnected(false),
});

// Another person chosen (or oneself again): the stream follows them from now on.
onActingForChange(() => stream.reopen());

/** Starts (or joins) the tab's push stream; the returned function leaves it. */
export function acquirePush(client: QueryClient): () => void {
  queryClient = client;
  return stream.acquire();
}
