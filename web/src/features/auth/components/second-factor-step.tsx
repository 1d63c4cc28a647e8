import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecondFactorMethod } from '@shared/auth';
import { Button } from '@/components/ui/button';
import { authErrorText } from '../api/auth-errors';
import { useSendPhoneCode, useVerifySecondFactor } from '../api/second-factor';
import { CodeForm } from './code-form';
import { FormError, FormSuccess } from '@/components/ui/form-message';

type Mode = 'totp' | 'otp' | 'backup';

interface SecondFactorStepProps {
  methods: SecondFactorMethod[];
  onSignedIn: () => Promise<void>;
  onBack: () => void;
}

/**
 * The second step of a password sign-in for an account with a second factor: the
 * authenticator app's code, a code sent to the phone, or a backup code.
 */
export default function SecondFactorStep({ methods, onSignedIn, onBack }: SecondFactorStepProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>(methods.includes('totp') ? 'totp' : 'backup');
  const verify = useVerifySecondFactor();
  const sendPhoneCode = useSendPhoneCode();
  const phoneCodeSent = mode === 'otp' && sendPhoneCode.isSuccess;

  const switchTo = (next: Mode) => {
    verify.reset();
    setMode(next);
  };
  const sendToPhone = () => {
    verify.reset();
    sendPhoneCode.mutate(undefined, { onSuccess: () => setMode('otp') });
  };
  const submit = (code: string) => {
    verify.mutate({ method: mode, code }, { onSuccess: () => void onSignedIn() });
  };

  const description = {
    totp: t('auth.secondFactor.totpDescription'),
    otp: t('auth.secondFactor.phoneDescription'),
    backup: t('auth.secondFactor.backupDescription'),
  }[mode];
  const label = {
    totp: t('auth.fields.authenticatorCode'),
    otp: t('auth.fields.phoneCode'),
    backup: t('auth.fields.backupCode'),
  }[mode];

  return (
    <section aria-labelledby="second-factor-title" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="second-factor-title" className="text-lg font-semibold">
          {t('auth.secondFactor.title')}
        </h2>
        <p className="text-muted-foreground text-sm">{description}</p>
      </div>
      {phoneCodeSent && <FormSuccess>{t('auth.secondFactor.phoneCodeSent')}</FormSuccess>}
      <CodeForm
        key={mode}
        kind={mode === 'backup' ? 'backup' : 'six-digit'}
        label={label}
        submitLabel={t('auth.secondFactor.verify')}
        pendingLabel={t('auth.secondFactor.verifying')}
        pending={verify.isPending || verify.isSuccess}
        error={
          verify.isError ? authErrorText(t, verify.error, t('auth.errors.signInFailed')) : undefined
        }
        onSubmit={submit}
      />
      {sendPhoneCode.isError && (
        <FormError>
          {authErrorText(t, sendPhoneCode.error, t('auth.errors.somethingWrong'), {
            serverMessage: true,
          })}
        </FormError>
      )}
      <div className="grid gap-2">
        {mode !== 'totp' && methods.includes('totp') && (
          <Button type="button" variant="outline" onClick={() => switchTo('totp')}>
            {t('auth.secondFactor.useAuthenticator')}
          </Button>
        )}
        {methods.includes('otp') && (
          <Button
            type="button"
            variant="outline"
            disabled={sendPhoneCode.isPending}
            onClick={sendToPhone}
          >
            {sendPhoneCode.isPending
              ? t('auth.secondFactor.sendingToPhone')
              : t('auth.secondFactor.sendToPhone')}
          </Button>
        )}
        {mode !== 'backup' && (
          <Button type="button" variant="outline" onClick={() => switchTo('backup')}>
            {t('auth.secondFactor.useBackupCode')}
          </Button>
        )}
        <Button type="button" variant="ghost" onClick={onBack}>
          {t('auth.secondFactor.back')}
        </Button>
      </div>
    </section>
  );
}
