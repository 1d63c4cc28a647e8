import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { emailOnlySchema, type EmailOnlyInput } from '@shared/auth';
import { Button } from '@/components/ui/button';
import { authErrorText, knownErrorText } from '../api/auth-errors';
import { useRequestPasswordReset } from '../api/reset-password';
import { FormError, FormSuccess } from '@/components/ui/form-message';
import { EmailField } from './email-field';

/** Asks for a reset link; the answer does not tell whether the address has an account. */
export function ForgotForm() {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const form = useForm<EmailOnlyInput>({
    resolver: zodResolver(emailOnlySchema),
    defaultValues: { email: '' },
  });
  const email = useWatch({ control: form.control, name: 'email' });
  // A refusal by the form replaces the server's earlier one.
  const submit = form.handleSubmit(
    (values) => request.mutate(values),
    () => request.reset(),
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <EmailField
        error={knownErrorText(t, form.formState.errors.email?.message)}
        {...form.register('email')}
      />
      {request.isSuccess && <FormSuccess>{t('auth.forgot.success')}</FormSuccess>}
      {request.isError && (
        <FormError>
          {authErrorText(t, request.error, t('auth.errors.somethingWrong'), {
            serverMessage: true,
          })}
        </FormError>
      )}
      <Button type="submit" size="lg" disabled={!email || request.isPending}>
        {request.isPending ? t('auth.forgot.submitting') : t('auth.forgot.submit')}
      </Button>
    </form>
  );
}
