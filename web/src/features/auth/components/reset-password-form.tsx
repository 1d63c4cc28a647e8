import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { minPasswordLength, resetPasswordSchema, type ResetPasswordInput } from '@shared/auth';
import { Button } from '@/components/ui/button';
import { authErrorText, knownErrorText } from '../api/auth-errors';
import { useResetPassword } from '../api/reset-password';
import { FormError, FormSuccess } from '@/components/ui/form-message';
import { TextField } from '@/components/ui/text-field';

/** The new password for the account whose mailed reset link carried `token`. */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const reset = useResetPassword();
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { newPassword: '', token },
  });
  const newPassword = useWatch({ control: form.control, name: 'newPassword' });

  if (reset.isSuccess) {
    return (
      <div className="grid gap-4">
        <FormSuccess>{t('auth.reset.success')}</FormSuccess>
        <Button asChild size="lg">
          <Link href="/login">{t('auth.reset.goToLogin')}</Link>
        </Button>
      </div>
    );
  }

  // A refusal by the form replaces the server's earlier one.
  const submit = form.handleSubmit(
    (values) => reset.mutate(values),
    () => reset.reset(),
  );

  const passwordError = knownErrorText(t, form.formState.errors.newPassword?.message);

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <TextField
        label={t('auth.fields.newPassword')}
        type="password"
        autoComplete="new-password"
        // The rule gives way to the error that says what is wrong with this password.
        hint={
          passwordError ? undefined : t('auth.signup.passwordHint', { count: minPasswordLength })
        }
        error={passwordError}
        {...form.register('newPassword')}
      />
      {reset.isError && (
        <FormError>
          {authErrorText(t, reset.error, t('auth.errors.somethingWrong'), {
            serverMessage: true,
          })}
        </FormError>
      )}
      <Button type="submit" size="lg" disabled={!newPassword || reset.isPending}>
        {reset.isPending ? t('auth.reset.submitting') : t('auth.reset.submit')}
      </Button>
    </form>
  );
}
