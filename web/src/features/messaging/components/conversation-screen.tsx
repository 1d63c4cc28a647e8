import { ArrowLeftIcon, MessageSquareOffIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PatientChartLink } from '@/components/record/patient-chart-link';
import { Spinner } from '@/components/ui/spinner';
import { ApiRequestError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { defaultRole } from '@shared/role';
import { useSession } from '@/lib/session';
import { useConversation } from '../api/get-conversation';
import { useMessages } from '../api/get-messages';
import { usePendingMessages } from '../api/send-message';
import { conversationTitle } from '../conversation-title';
import { useMessagingPush } from '../push/use-messaging-push';
import { MessageBubble } from './message-bubble';
import { MessageComposer } from './message-composer';
import { PendingMessage } from './pending-message';
import { ReplyExpectations } from './reply-expectations';

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link
      href="/messages"
      aria-label={t('messaging.conversation.back')}
      className="hover:bg-muted focus-visible:outline-ring grid size-10 shrink-0 place-items-center rounded-lg"
    >
      <ArrowLeftIcon className="size-5" aria-hidden="true" />
    </Link>
  );
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="border-border text-muted-foreground flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-10 text-center">
      <MessageSquareOffIcon className="size-8" aria-hidden="true" />
      <h1 className="text-foreground text-xl font-bold">{t('messaging.conversation.notFound')}</h1>
      <p>{t('messaging.conversation.notFoundText')}</p>
      <Link
        href="/messages"
        className="text-brand-700 font-semibold underline-offset-4 hover:underline"
      >
        {t('messaging.conversation.back')}
      </Link>
    </div>
  );
}

const isNotFound = (error: unknown) => error instanceof ApiRequestError && error.status === 404;

/** One conversation: its messages oldest first, kept current by push or the poll, and the composer. */
export function ConversationScreen({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation();
  useMessagingPush();
  const session = useSession();
  const conversation = useConversation(conversationId);
  const messages = useMessages(conversationId);
  const end = useRef<HTMLDivElement>(null);
  // Mine still on this device come last; one the server already has shows as sent.
  const sentIds = new Set(messages.data?.map((message) => message.id));
  const pending = usePendingMessages(conversationId).filter((entry) => !sentIds.has(entry.id));
  const count = (messages.data?.length ?? 0) + pending.length;

  useEffect(() => {
    if (count > 0) end.current?.scrollIntoView({ block: 'end' });
  }, [count]);

  if (isNotFound(conversation.error) || isNotFound(messages.error)) return <NotFound />;

  const myId = session.data?.user.id;
  const title = conversation.data
    ? conversationTitle(conversation.data, t)
    : t('pages.conversation');

  return (
    <div className="flex min-h-[calc(100dvh-12rem)] flex-col">
      <header className="mb-3 flex flex-wrap items-center gap-2">
        <BackLink />
        <h1 className="min-w-0 flex-1 truncate text-2xl font-bold tracking-tight">{title}</h1>
        {session.data?.role === 'doctor' && conversation.data?.patientId && (
          <PatientChartLink patientId={conversation.data.patientId} />
        )}
      </header>
      {session.data?.role === 'patient' && <ReplyExpectations />}
      <section aria-label={t('messaging.conversation.messages')} className="flex-1">
        {messages.isPending && pending.length === 0 ? (
          <div className="flex justify-center py-10">
            <Spinner label={t('app.loading')} />
          </div>
        ) : messages.isError && !messages.data && pending.length === 0 ? (
          <p className="text-accent-700 py-6 text-center">
            {errorMessage(t, messages.error, t('messaging.conversation.error'))}
          </p>
        ) : count === 0 ? (
          <p className="text-muted-foreground py-10 text-center">
            {t('messaging.conversation.empty')}
          </p>
        ) : (
          <ol className="flex flex-col gap-3">
            {messages.data?.map((message, index, all) => (
              <MessageBubble
                key={message.id}
                message={message}
                own={message.senderId === myId}
                showSender={all[index - 1]?.senderId !== message.senderId}
              />
            ))}
            {pending.map((entry) => (
              <PendingMessage
                key={entry.id}
                entry={entry}
                senderId={myId ?? ''}
                senderRole={session.data?.role ?? defaultRole}
              />
            ))}
          </ol>
        )}
        <div ref={end} />
      </section>
      <div className="sticky bottom-20">
        <MessageComposer conversationId={conversationId} />
      </div>
    </div>
  );
}
