import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { messagePollMs, type Conversation } from '@shared/messaging';
import { conversationTitle } from '../conversation-title';
import { usePushConnected } from '../push/push-connected';
import { useMessagingPush } from '../push/use-messaging-push';
import { conversationsQueryOptions } from './get-conversations';

/** What the patient dashboard's latest-conversation card shows. */
export interface LatestConversation {
  id: string;
  title: string;
  /** The text of the newest message, when there is one. */
  lastMessage?: string;
  createdAt: string;
}

function latest(conversations: Conversation[], t: TFunction): LatestConversation | null {
  const [newest] = conversations;
  if (!newest) return null;
  return {
    id: newest.id,
    title: conversationTitle(newest, t),
    ...(newest.lastMessage ? { lastMessage: newest.lastMessage.content } : {}),
    createdAt: newest.createdAt,
  };
}

/**
 * The signed-in user's most recently active conversation, or null when there is
 * none, kept current by push (or the poll). `data` is undefined while loading. Not asked
 * while `enabled` is false (someone cared for who did not share their messages).
 */
export function useLatestConversation(enabled = true) {
  const { t } = useTranslation();
  useMessagingPush(enabled);
  const pushed = usePushConnected();
  return useQuery({
    ...conversationsQueryOptions(''),
    enabled,
    refetchInterval: pushed ? false : messagePollMs,
    select: (conversations) => latest(conversations, t),
  });
}
