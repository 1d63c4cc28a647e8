import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { emailOnlySchema, type EmailOnlyInput } from '@shared/auth';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { authErrorText, knownErrorText } from '../api/auth-errors';
import { useSendOneTimeCode } from '../api/one-time-code';
import { FormError } from '@/components/ui/form-message';
import { EmailField } from './email-field';

interface OneTimeCodeDialogProps {
  onClose: () => void;
  onSent: (email: string) => void;
}

/**
 * Asks for a one-time code by e-mail. On success it closes without a word, as the
 * spec says; the page then offers the field for the code (`onSent`). The page
 * mounts it, open, when its button is pressed, so /login loads it only then.
 */
export default function OneTimeCodeDialog({ onClose, onSent }: OneTimeCodeDialogProps) {
  const { t } = useTranslation();
  const send = useSendOneTimeCode();
  const form = useForm<EmailOnlyInput>({
    resolver: zodResolver(emailOnlySchema),
    defaultValues: { email: '' },
  });
  const email = useWatch({ control: form.control, name: 'email' });

  const submit = form.handleSubmit((values) => {
    send.mutate(values, {
      onSuccess: () => {
        onClose();
        onSent(values.email);
      },
    });
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t('auth.oneTimeCode.close')}>
        <DialogTitle className="pr-6">{t('auth.oneTimeCode.title')}</DialogTitle>
        <DialogDescription>{t('auth.oneTimeCode.description')}</DialogDescription>
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
          <EmailField
            error={knownErrorText(t, form.formState.errors.email?.message)}
            {...form.register('email')}
          />
          {send.isError && (
            <FormError>
              {authErrorText(t, send.error, t('auth.errors.signInFailed'), {
                serverMessage: true,
              })}
            </FormError>
          )}
          <Button type="submit" size="lg" disabled={!email || send.isPending}>
            {send.isPending ? t('auth.oneTimeCode.sending') : t('auth.oneTimeCode.send')}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
