import type { Message } from '@shared/messaging';

/** Known and newly arrived messages together, each once, oldest first. */
export function mergeMessages(known: readonly Message[], arrived: readonly Message[]): Message[] {
  const byId = new Map(known.map((message) => [message.id, message]));
  for (const message of arrived) byId.set(message.id, message);
  return [...byId.values()].sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
  );
}
