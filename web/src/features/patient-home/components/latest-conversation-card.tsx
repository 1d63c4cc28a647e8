import { MessageCircleIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { useDates } from '@/lib/dates';
import { DashboardCard, EmptyState } from './dashboard-card';

export interface LatestConversation {
  id: string;
  title: string | null;
  lastMessage?: string | null;
  /** An ISO timestamp. */
  createdAt: string;
}

/**
 * The newest conversation with the care team, or an invitation to start one. While the
 * list is on its way the card holds its place without claiming there is none.
 */
export function LatestConversationCard({
  conversation = null,
}: {
  conversation?: LatestConversation | null | 'loading';
}) {
  const { t } = useTranslation();
  const dates = useDates();
  if (conversation === 'loading') {
    return (
      <DashboardCard title={t('patientHome.conversation.title')} busy>
        <div aria-hidden="true" className="bg-muted h-10 animate-pulse rounded-lg" />
      </DashboardCard>
    );
  }
  return (
    <DashboardCard title={t('patientHome.conversation.title')}>
      {conversation ? (
        <Link
          href={`/messages/${conversation.id}`}
          className="hover:bg-muted -m-2 grid gap-0.5 rounded-lg p-2"
        >
          <span className="flex items-baseline justify-between gap-2">
            <span className="font-semibold">
              {conversation.title || t('patientHome.conversation.untitled')}
            </span>
            <span className="text-muted-foreground shrink-0 text-xs">
              {dates.nearDateOr(conversation.createdAt)}
            </span>
          </span>
          {conversation.lastMessage && (
            <span className="text-muted-foreground line-clamp-2 text-sm">
              {conversation.lastMessage}
            </span>
          )}
        </Link>
      ) : (
        <>
          <EmptyState>{t('patientHome.conversation.empty')}</EmptyState>
          <Button asChild variant="secondary">
            <Link href="/messages">
              <MessageCircleIcon aria-hidden="true" />
              {t('patientHome.quickActions.messageClinic')}
            </Link>
          </Button>
        </>
      )}
    </DashboardCard>
  );
}
