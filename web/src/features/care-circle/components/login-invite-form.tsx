import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { loginInvitationRequestSchema, type LoginInvitationRequest } from '@shared/care-circle';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-message';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/lib/toast';
import { useSendLoginInvitation } from '../api/care-circle';
import { careFieldError, careServerError } from '../care-circle-errors';

/**
 * Gives a family member without a login their own: the link is mailed to their address. They
 * then own their record; the guardian keeps only what they grant.
 */
export function LoginInviteForm({
  dependentId,
  onDone,
}: {
  dependentId: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const send = useSendLoginInvitation();
  const form = useForm<LoginInvitationRequest>({
    resolver: zodResolver(loginInvitationRequestSchema),
    defaultValues: { email: '' },
  });

  const submit = form.handleSubmit(({ email }) => {
    send.mutate(
      { dependentId, email },
      {
        onSuccess: () => {
          toast.success(t('careCircle.invite.sent'));
          onDone();
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-3">
      <p className="text-muted-foreground text-sm">{t('careCircle.login.intro')}</p>
      <TextField
        label={t('careCircle.invite.email')}
        type="email"
        autoComplete="off"
        error={careFieldError(t, form.formState.errors.email?.message)}
        {...form.register('email')}
      />
      <FormError>{careServerError(t, send.error)}</FormError>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? t('careCircle.invite.sending') : t('careCircle.invite.send')}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('careCircle.dependents.cancel')}
        </Button>
      </div>
    </form>
  );
}
