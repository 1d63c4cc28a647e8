import { SendIcon } from 'lucide-react';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { maxMessageLength } from '@shared/messaging';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/error-messages';
import { useSendMessage } from '../api/send-message';
import { newMessageId } from '../new-message-id';

/**
 * "Type a message" and Send, enabled only with trimmed text and no send under way
 *. The draft keeps its message id until the send succeeds, so sending
 * again after a lost answer cannot post the message twice.
 */
export function MessageComposer({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [draftId, setDraftId] = useState(newMessageId);
  const send = useSendMessage();
  const content = text.trim();
  const canSend = content !== '' && !send.isPending;

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSend) return;
    send.mutate(
      { conversationId, id: draftId, content },
      {
        onSuccess: () => {
          setText('');
          setDraftId(newMessageId());
        },
        onError: (error) =>
          toast.error(errorMessage(t, error, t('messaging.conversation.sendFailed'))),
      },
    );
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
