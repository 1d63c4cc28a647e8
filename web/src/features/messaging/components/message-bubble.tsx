import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '@shared/messaging';
import { cn } from '@/lib/cn';
import { useMessageDates } from '../date-format';

/**
 * Own messages on the right in blue, everyone else's on the left. A message still on this
 * device carries a marker ("Waiting to send", "Not sent") where a sent one has its time.
 */
export function MessageBubble({
  message,
  own,
  marker,
}: {
  message: Message;
  own: boolean;
  marker?: ReactNode;
}) {
  const { t } = useTranslation();
  const dates = useMessageDates();
  return (
    <li className={cn('flex flex-col gap-0.5', own ? 'items-end' : 'items-start')}>
      <span className="sr-only">
        {own ? t('messaging.conversation.you') : t('messaging.conversation.careTeamMember')}
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
          title={dates.full(message.createdAt)}
          className="text-muted-foreground px-1 text-xs"
        >
          {dates.time(message.createdAt)}
        </time>
      )}
    </li>
  );
}
