import { AlertCircleIcon, ClockIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Role } from '@shared/role';
import { errorMessage } from '@/lib/error-messages';
import { outbox, reasonError, type OutboxItem } from '@/lib/outbox';
import type { SendMessageInput } from '../api/send-message';
import { MessageBubble } from './message-bubble';

/** How a refusal of a message reads; other codes read as the shared words or the fallback. */
const refusalMessages = {
  validation_failed: 'messaging.conversation.refusedInvalid',
  not_found: 'messaging.conversation.refusedClosed',
  forbidden: 'messaging.conversation.refusedClosed',
} as const;

/** One of my messages still on this device: waiting to be sent, or refused with why and what to do. */
export function PendingMessage({
  entry,
  senderId,
  senderRole,
}: {
  entry: OutboxItem<SendMessageInput>;
  senderId: string;
  senderRole: Role;
}) {
  const { t } = useTranslation();
  const message = {
    id: entry.id,
    conversationId: entry.payload.conversationId,
    senderId,
    senderName: null,
    senderRole,
    content: entry.payload.content,
    createdAt: new Date(entry.createdAt).toISOString(),
  };
  const marker =
    entry.state === 'failed' ? (
      <div role="alert" className="flex max-w-[80%] flex-col items-end gap-1 px-1 text-xs">
        <p className="text-accent-700 flex items-center gap-1 font-semibold">
          <AlertCircleIcon className="size-3.5" aria-hidden="true" />
          {t('messaging.conversation.notSent')}
        </p>
        {entry.reason && (
          <p className="text-muted-foreground text-right">
            {errorMessage(
              t,
              reasonError(entry.reason),
              t('messaging.conversation.refused'),
              refusalMessages,
            )}
          </p>
        )}
        <div className="flex gap-3">
          <button
            type="button"
            className="text-brand-700 min-h-8 font-semibold underline-offset-4 hover:underline"
            onClick={() => void outbox.retry(entry.id)}
          >
            {t('messaging.conversation.retrySend')}
          </button>
          <button
            type="button"
            className="text-accent-700 min-h-8 font-semibold underline-offset-4 hover:underline"
            onClick={() => void outbox.remove(entry.id)}
          >
            {t('messaging.conversation.deleteUnsent')}
          </button>
        </div>
      </div>
    ) : (
      <p className="text-muted-foreground flex items-center gap-1 px-1 text-xs">
        <ClockIcon className="size-3.5" aria-hidden="true" />
        {t('messaging.conversation.waitingToSend')}
      </p>
    );
  return <MessageBubble message={message} own showSender={false} marker={marker} />;
}
