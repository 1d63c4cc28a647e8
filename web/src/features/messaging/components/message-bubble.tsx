import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '@shared/messaging';
import { cn } from '@/lib/cn';
import { useDates } from '@/lib/dates';

export interface MessageBubbleProps {
  message: Message;
  own: boolean;
  /** Whether the sender's name shows above the message: at the start of another's turn. */
  showSender: boolean;
  /** For a message still on this device: "Waiting to send" or "Not sent", in place of its time. */
  marker?: ReactNode;
}

/**
 * Own messages on the right in blue, everyone else's on the left, under the name of whoever
 * wrote them (their role when their profile has no name). Every message names its sender to a
 * screen reader. A message still on this device carries a marker where a sent one has its time.
 */
export function MessageBubble({ message, own, showSender, marker }: MessageBubbleProps) {
  const { t } = useTranslation();
  const dates = useDates();
  const named = message.senderName ?? t(`messaging.conversation.senderRole.${message.senderRole}`);
  // Written by a caregiver for the patient: both are named, to everyone who reads it.
  const agent = message.agentName ?? null;
  const sender =
    agent !== null
      ? own
        ? t('messaging.conversation.writtenForYou', { agent })
        : t('messaging.conversation.writtenFor', { agent, patient: named })
      : own
        ? t('messaging.conversation.you')
        : named;
  const visible = agent !== null || (!own && showSender);
  return (
    <li className={cn('flex flex-col gap-0.5', own ? 'items-end' : 'items-start')}>
      <span className={visible ? 'text-muted-foreground px-1 text-xs font-semibold' : 'sr-only'}>
        {sender}
      </span>
      <p
        data-own={own}
        className={cn(
          'max-w-[80%] rounded-2xl px-3 py-2 text-base break-words whitespace-pre-wrap',
          own ? 'bg-brand-700 rounded-br-sm text-white' : 'bg-muted text-foreground rounded-bl-sm',
        )}
      >
        {message.content}
      </p>
      {marker ?? (
        <time
          dateTime={message.createdAt}
          title={dates.fullDateTime(message.createdAt)}
          className="text-muted-foreground px-1 text-xs"
        >
          {dates.time(message.createdAt)}
        </time>
      )}
    </li>
  );
}
