import { ChevronRightIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Conversation } from '@shared/messaging';
import { useDates } from '@/lib/dates';
import { conversationTitle } from '../conversation-title';

export function ConversationRow({
  conversation,
  myId,
}: {
  conversation: Conversation;
  myId: string | undefined;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const last = conversation.lastMessage;
  return (
    <li>
      <Link
        href={`/messages/${conversation.id}`}
        className="border-border bg-card hover:bg-muted focus-visible:outline-ring flex items-center gap-3 rounded-xl border p-3 shadow-sm"
      >
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline justify-between gap-2">
            <span className="min-w-0 font-semibold break-words">
              {conversationTitle(conversation, t)}
            </span>
            <time
              dateTime={conversation.createdAt}
              className="text-muted-foreground shrink-0 text-xs"
            >
              {t('messaging.list.created', { date: dates.date(conversation.createdAt) })}
            </time>
          </div>
          <p className="text-muted-foreground truncate text-sm">
            {last
              ? last.senderId === myId
                ? t('messaging.list.you', { text: last.content })
                : last.content
              : t('messaging.list.noMessages')}
          </p>
        </div>
        <ChevronRightIcon className="text-muted-foreground size-4 shrink-0" aria-hidden="true" />
      </Link>
    </li>
  );
}
