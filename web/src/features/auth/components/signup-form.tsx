import { zodResolver } from '@hookform/resolvers/zod';
import type { ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { minPasswordLength, signUpSchema, type SignUpInput } from '@shared/auth';
import { Button } from '@/components/ui/button';
import { authErrorText, knownErrorText } from '../api/auth-errors';
import { useSignUp } from '../api/sign-up';
import { FormError, FormSuccess } from '@/components/ui/form-message';
import { TextField } from '@/components/ui/text-field';
import { EmailField } from './email-field';

/** Keeps the caret where it was while the field's text is uppercased as typed. */
function uppercase(event: ChangeEvent<HTMLInputElement>) {
  const input = event.target;
  const { selectionStart, selectionEnd } = input;
  input.value = input.value.toUpperCase();
  input.setSelectionRange(selectionStart, selectionEnd);
}

/**
 * Email, password and the pilot's invitation code; the button waits for all three. Opened
 * from a care circle's invitation (`invited`), the link's token is the code, never shown, and
 * the address is the invited one.
 */
export function SignupForm({
  initial = {},
  invited = false,
}: {
  initial?: { email?: string | null; inviteCode?: string | null };
  invited?: boolean;
}) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const signUp = useSignUp();
  const form = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: {
      email: initial.email ?? '',
      password: '',
      inviteCode: initial.inviteCode?.toUpperCase() ?? '',
    },
  });
  const [email, password, inviteCode] = useWatch({
    control: form.control,
    name: ['email', 'password', 'inviteCode'],
  });
  const { errors } = form.formState;
  const inviteField = form.register('inviteCode');

  if (signUp.isSuccess) {
    return (
      <div className="grid gap-4">
        <FormSuccess>{t('auth.signup.checkEmail')}</FormSuccess>
        <Button type="button" size="lg" onClick={() => navigate('/login')}>
          {t('auth.signup.backToLogin')}
        </Button>
      </div>
    );
  }

  // A refusal by the form replaces the server's earlier one.
  const submit = form.handleSubmit(
    (values) => signUp.mutate(values),
    () => signUp.reset(),
  );

  const passwordError = knownErrorText(t, errors.password?.message);

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <EmailField
        error={knownErrorText(t, errors.email?.message)}
        readOnly={invited}
        {...form.register('email')}
      />
      <TextField
        label={t('auth.fields.password')}
        type="password"
        autoComplete="new-password"
        // The rule gives way to the error that says what is wrong with this password.
        hint={
          passwordError ? undefined : t('auth.signup.passwordHint', { count: minPasswordLength })
        }
        error={passwordError}
        {...form.register('password')}
      />
      {!invited && (
        <TextField
          label={t('auth.fields.inviteCode')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          error={knownErrorText(t, errors.inviteCode?.message)}
          {...inviteField}
          onChange={(event) => {
            uppercase(event);
            void inviteField.onChange(event);
          }}
        />
      )}
      {signUp.isError && (
        <FormError>
          {authErrorText(t, signUp.error, t('auth.errors.somethingWrong'), {
            serverMessage: true,
          })}
        </FormError>
      )}
      <Button
        type="submit"
        size="lg"
        disabled={!email || !password || !inviteCode || signUp.isPending}
      >
        {signUp.isPending ? t('auth.signup.submitting') : t('auth.signup.submit')}
      </Button>
    </form>
  );
}
