import { SmartphoneIcon } from 'lucide-react';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { phoneNumberSchema } from '@shared/mfa';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-message';
import { TextField } from '@/components/ui/text-field';
import type { ErrorMessageKey } from '@/lib/error-messages';
import { useSession } from '@/lib/session';
import { useEnablePhoneCodes } from '../api/enable-phone-codes';
import { useSendPhoneCode } from '../api/send-phone-code';
import { useVerifyPhone } from '../api/verify-phone';
import { digitsOnly } from '../digits-only';
import { mfaErrorKey } from '../error-message';
import { SetupActions } from './setup-actions';

type Step = 'idle' | 'number' | 'code';

/**
 * Phone enrolment: the number, a texted code, and (when no second step is on yet)
 * the password that turns on sign-in codes to this phone.
 */
export function PhoneSetup({ available }: { available: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const [step, setStep] = useState<Step>('idle');
  const [phoneNumber, setPhoneNumber] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [needsPassword, setNeedsPassword] = useState(false);
  const [phoneSaved, setPhoneSaved] = useState(false);
  const [error, setError] = useState<ErrorMessageKey | null>(null);
  const send = useSendPhoneCode();
  const verify = useVerifyPhone();
  const enableCodes = useEnablePhoneCodes();
  const busy = send.isPending || verify.isPending || enableCodes.isPending;

  function reset() {
    setStep('idle');
    setPhoneNumber('');
    setCode('');
    setPassword('');
    setPhoneSaved(false);
    setError(null);
  }

  function sendCode(event: SyntheticEvent) {
    event.preventDefault();
    const number = phoneNumber.replace(/[\s-]/g, '');
    if (!phoneNumberSchema.safeParse(number).success) {
      setError('mfa.phone.numberFormat');
      return;
    }
    setError(null);
    send.mutate(
      { phoneNumber: number },
      {
        onSuccess: () => {
          setPhoneNumber(number);
          setNeedsPassword(session.data?.user.twoFactorEnabled !== true);
          setStep('code');
        },
        onError: (failure) => setError(mfaErrorKey(failure)),
      },
    );
  }

  async function confirm(event: SyntheticEvent) {
    event.preventDefault();
    setError(null);
    try {
      if (!phoneSaved) {
        await verify.mutateAsync({ phoneNumber, code });
        setPhoneSaved(true);
      }
      if (needsPassword) await enableCodes.mutateAsync({ password });
      toast.success(t('mfa.phone.success'));
      reset();
    } catch (failure) {
      setError(mfaErrorKey(failure));
    }
  }

  if (step === 'idle') {
    if (!available) return null;
    return (
      <Button type="button" variant="secondary" onClick={() => setStep('number')}>
        <SmartphoneIcon aria-hidden="true" />
        {t('mfa.phone.start')}
      </Button>
    );
  }

  return (
    <section
      aria-labelledby="mfa-phone-heading"
      className="border-border grid gap-3 rounded-lg border p-3"
    >
      <h3 id="mfa-phone-heading" className="text-sm font-semibold">
        {t('mfa.phone.start')}
      </h3>
      {step === 'number' ? (
        <form className="grid gap-3" onSubmit={sendCode} noValidate>
          <TextField
            label={t('mfa.phone.number')}
            hint={t('mfa.phone.numberHint')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="+977"
            value={phoneNumber}
            onChange={(event) => setPhoneNumber(event.target.value)}
            required
          />
          <FormError>{error ? t(error) : null}</FormError>
          <SetupActions
            onCancel={reset}
            submitLabel={t('mfa.phone.send')}
            disabled={phoneNumber.trim() === '' || busy}
          />
        </form>
      ) : (
        <form className="grid gap-3" onSubmit={(event) => void confirm(event)}>
          <p className="text-sm">{t('mfa.phone.sentTo', { phone: phoneNumber })}</p>
          <TextField
            label={t('mfa.codeLabel')}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            disabled={phoneSaved}
            onChange={(event) => setCode(digitsOnly(event.target.value))}
            required
          />
          {needsPassword && (
            <TextField
              label={t('mfa.password')}
              hint={t('mfa.phone.passwordHint')}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              required
            />
          )}
          <FormError>{error ? t(error) : null}</FormError>
          <SetupActions
            onCancel={reset}
            submitLabel={t('mfa.phone.verify')}
            disabled={code.length !== 6 || (needsPassword && password === '') || busy}
          />
        </form>
      )}
    </section>
  );
}
