import { SendIcon } from 'lucide-react';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { maxMessageLength } from '@shared/messaging';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/error-messages';
import { queueMessage } from '../api/send-message';
import { newMessageId } from '../new-message-id';

/**
 * "Type a message" and Send, enabled only with trimmed text and no send under way. Send
 * puts the message in the outbox, which shows it at once and delivers it once, now or
 * when the connection returns.
 */
export function MessageComposer({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [draftId, setDraftId] = useState(newMessageId);
  const [queueing, setQueueing] = useState(false);
  const content = text.trim();
  const canSend = content !== '' && !queueing;

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSend) return;
    setQueueing(true);
    queueMessage({ conversationId, id: draftId, content })
      .then(() => {
        setText('');
        setDraftId(newMessageId());
      })
      .catch((error: unknown) =>
        toast.error(errorMessage(t, error, t('messaging.conversation.sendFailed'))),
      )
      .finally(() => setQueueing(false));
  };

  return (
    <form onSubmit={submit} className="bg-background flex items-center gap-2 pt-2">
      <Input
        aria-label={t('messaging.conversation.input')}
        placeholder={t('messaging.conversation.input')}
        value={text}
        maxLength={maxMessageLength}
        autoComplete="off"
        enterKeyHint="send"
        onChange={(event) => {
          setText(event.target.value);
          // Another text is another message: a failed earlier draft keeps no claim on its id.
          if (event.target.value.trim() !== content) setDraftId(newMessageId());
        }}
      />
      <Button type="submit" disabled={!canSend}>
        <SendIcon aria-hidden="true" />
        {t('messaging.conversation.send')}
      </Button>
    </form>
  );
}
