import type { OutboxMail } from '@shared/dev-mail';
import type { OutboxRepository } from './outbox-repository';

/** The development outbox: the mail the server kept instead of sending, newest first. */
export function outboxService(deps: { outbox: OutboxRepository }) {
  return {
    newestFirst(): Promise<OutboxMail[]> {
      return deps.outbox.listNewestFirst();
    },
  };
}

export type OutboxService = ReturnType<typeof outboxService>;
