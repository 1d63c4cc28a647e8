import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { changePasswordSchema, type ChangePasswordInput } from '@shared/account';
import { minPasswordLength } from '@shared/auth';
import { Button } from '@/components/ui/button';
import { FormError, FormSuccess } from '@/components/ui/form-message';
import { TextField } from '@/components/ui/text-field';
import { Card, CardTitle } from '@/components/ui/card';
import { authErrorText, knownErrorText } from '../api/auth-errors';
import { useChangePassword } from '../api/change-password';

/**
 * The account's password: the current one, then the new one by the sign-up page's rules. Its
 * words (`account.password`) come with the Account page that shows it.
 */
export function ChangePasswordCard() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const submit = form.handleSubmit(
    (values) => change.mutate(values, { onSuccess: () => form.reset() }),
    () => change.reset(),
  );
  const { errors } = form.formState;
  const newPasswordError = knownErrorText(t, errors.newPassword?.message);
  return (
    <Card aria-labelledby="password-title" className="grid grid-cols-1 gap-3">
      <CardTitle id="password-title">{t('account.password.title')}</CardTitle>
      <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-3">
        <TextField
          label={t('account.password.current')}
          type="password"
          autoComplete="current-password"
          error={knownErrorText(t, errors.currentPassword?.message)}
          {...form.register('currentPassword')}
        />
        <TextField
          label={t('auth.fields.newPassword')}
          type="password"
          autoComplete="new-password"
          hint={
            newPasswordError
              ? undefined
              : t('auth.signup.passwordHint', { count: minPasswordLength })
          }
          error={newPasswordError}
          {...form.register('newPassword')}
        />
        {change.isError && (
          <FormError>
            {authErrorText(t, change.error, t('auth.errors.somethingWrong'), {
              serverMessage: true,
            })}
          </FormError>
        )}
        {change.isSuccess && <FormSuccess>{t('account.password.changed')}</FormSuccess>}
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? t('account.password.submitting') : t('account.password.submit')}
        </Button>
      </form>
    </Card>
  );
}
