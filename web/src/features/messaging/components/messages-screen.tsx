import { MessageSquarePlusIcon, SearchIcon } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { useLocation } from 'wouter';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-messages';
import { useSession } from '@/lib/session';
import { useConversations } from '../api/get-conversations';
import { useStartCareTeam } from '../api/start-care-team';
import { useMessagingPush } from '../push/use-messaging-push';
import { ConversationRow } from './conversation-row';
import { ReplyExpectations } from './reply-expectations';

/** The messages list: search, one row per conversation, and the empty state. */
export function MessagesScreen() {
  const { t } = useTranslation();
  useMessagingPush();
  const session = useSession();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const conversations = useConversations(deferredSearch);
  const start = useStartCareTeam();
  const [, navigate] = useLocation();
  const role = session.data?.role ?? 'patient';
  const searching = deferredSearch.trim() !== '';

  const startConversation = () =>
    start.mutate(undefined, {
      onSuccess: (conversation) => navigate(`/messages/${conversation.id}`),
      onError: (error) => toast.error(errorMessage(t, error, t('messaging.list.startFailed'))),
    });

  const list = conversations.data ?? [];
  let body;
  if (conversations.isPending) {
    body = (
      <div className="flex justify-center py-10">
        <Spinner label={t('app.loading')} />
      </div>
    );
  } else if (conversations.isError && list.length === 0) {
    body = (
      <p className="text-accent-700 py-6 text-center">
        {errorMessage(t, conversations.error, t('messaging.list.error'))}
      </p>
    );
  } else if (list.length === 0 && searching) {
    body = (
      <p className="text-muted-foreground py-6 text-center">{t('messaging.list.noMatches')}</p>
    );
  } else if (list.length === 0) {
    body = (
      <div className="border-border text-muted-foreground flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-10 text-center">
        <MessageSquarePlusIcon className="size-8" aria-hidden="true" />
        <p className="text-foreground font-semibold">
          {role === 'doctor' ? t('messaging.list.doctorEmpty') : t('messaging.list.empty')}
        </p>
        {role === 'patient' && (
          <>
            <p className="text-sm">{t('messaging.list.emptyHint')}</p>
            <Button type="button" disabled={start.isPending} onClick={startConversation}>
              {t('messaging.list.newMessage')}
            </Button>
          </>
        )}
      </div>
    );
  } else {
    body = (
      <ul aria-label={t('messaging.list.label')} className="flex flex-col gap-2">
        {list.map((conversation) => (
          <ConversationRow
            key={conversation.id}
            conversation={conversation}
            myId={session.data?.user.id}
          />
        ))}
      </ul>
    );
  }

  return (
    <>
      <PageHeader title={t('pages.messages')} actions={<LanguageToggle />} />
      <div className="relative mb-4">
        <SearchIcon
          className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label={t('messaging.list.search')}
          placeholder={t('messaging.list.search')}
          className="pl-9"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {role === 'patient' && <ReplyExpectations />}
      {body}
    </>
  );
}
