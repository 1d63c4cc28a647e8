import { useTranslation } from 'react-i18next';
import { authErrorText } from '../api/auth-errors';
import { useSignInWithOneTimeCode } from '../api/one-time-code';
import { CodeForm } from './code-form';

interface OneTimeCodeEntryProps {
  email: string;
  onSignedIn: () => Promise<void>;
}

/** The field for the mailed 6-digit code, for a person whose mail opens on another device. */
export default function OneTimeCodeEntry({ email, onSignedIn }: OneTimeCodeEntryProps) {
  const { t } = useTranslation();
  const signIn = useSignInWithOneTimeCode();
  return (
    <section aria-labelledby="one-time-code-title" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="one-time-code-title" className="text-lg font-semibold">
          {t('auth.oneTimeCode.enterTitle')}
        </h2>
        <p className="text-muted-foreground text-sm break-words">
          {t('auth.oneTimeCode.enterDescription', { email })}
        </p>
      </div>
      <CodeForm
        kind="six-digit"
        label={t('auth.fields.oneTimeCode')}
        submitLabel={t('auth.oneTimeCode.submit')}
        pendingLabel={t('auth.login.submitting')}
        pending={signIn.isPending || signIn.isSuccess}
        error={
          signIn.isError
            ? authErrorText(t, signIn.error, t('auth.errors.signInFailed'), { serverMessage: true })
            : undefined
        }
        onSubmit={(otp) => signIn.mutate({ email, otp }, { onSuccess: () => void onSignedIn() })}
      />
    </section>
  );
}
