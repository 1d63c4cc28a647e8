import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-message';
import { TextField } from '@/components/ui/text-field';
import type { ErrorMessageKey } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import { useSendPhoneCode } from '../api/send-phone-code';
import { useVerifyPhone } from '../api/verify-phone';
import { notificationsErrorKey } from '../error-message';
import { nepaliMobileNumber } from '../mobile-number';
import { addNotificationsStrings } from '../notifications-strings';

addNotificationsStrings();

type Step = 'number' | 'code';

/** Keeps only digits, at most six: codes are typed or pasted with spaces. */
function digitsOnly(value: string): string {
  return value.replace(/\D/g, '').slice(0, 6);
}

/**
 * The number texts go to: typed, sent a code, verified. Once verified it is shown, with a
 * way to verify another in its place. The same verified number serves the phone second step.
 */
export function PhoneVerification({ verifiedNumber }: { verifiedNumber: string | null }) {
  const { t } = useTranslation();
  const [changing, setChanging] = useState(false);
  const [step, setStep] = useState<Step>('number');
  const [typed, setTyped] = useState('');
  const [phoneNumber, setPhoneNumber] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<ErrorMessageKey | null>(null);
  const send = useSendPhoneCode();
  const verify = useVerifyPhone();
  const busy = send.isPending || verify.isPending;

  function reset() {
    setChanging(false);
    setStep('number');
    setTyped('');
    setPhoneNumber('');
    setCode('');
    setError(null);
  }

  function sendCode(event: SyntheticEvent) {
    event.preventDefault();
    const number = nepaliMobileNumber(typed);
    if (!number) {
      setError('notifications.phone.numberFormat');
      return;
    }
    setError(null);
    send.mutate(
      { phoneNumber: number },
      {
        onSuccess: () => {
          setPhoneNumber(number);
          setCode('');
          setStep('code');
        },
        onError: (failure) => setError(notificationsErrorKey(failure)),
      },
    );
  }

  function confirm(event: SyntheticEvent) {
    event.preventDefault();
    setError(null);
    verify.mutate(
      { phoneNumber, code },
      {
        onSuccess: () => {
          toast.success(t('notifications.phone.success'));
          reset();
        },
        onError: (failure) => setError(notificationsErrorKey(failure)),
      },
    );
  }

  const heading = (
    <h3 id="notifications-phone-heading" className="text-sm font-semibold">
      {t('notifications.phone.heading')}
    </h3>
  );

  if (verifiedNumber && !changing) {
    return (
      <section aria-labelledby="notifications-phone-heading" className="grid gap-2">
        {heading}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm" data-testid="verified-number">
            {t('notifications.phone.verified', { phone: verifiedNumber })}
          </p>
          <Button type="button" variant="outline" size="sm" onClick={() => setChanging(true)}>
            {t('notifications.phone.change')}
          </Button>
        </div>
      </section>
    );
  }

  return (
    <section aria-labelledby="notifications-phone-heading" className="grid gap-3">
      {heading}
      {!verifiedNumber && (
        <p className="text-muted-foreground text-sm">{t('notifications.phone.none')}</p>
      )}
      {step === 'number' ? (
        <form className="grid gap-3" onSubmit={sendCode} noValidate>
          <TextField
            label={t('notifications.phone.number')}
            hint={t('notifications.phone.numberHint')}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="98XXXXXXXX"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            required
          />
          <FormError>{error ? t(error) : null}</FormError>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={typed.trim() === '' || busy}>
              {t('notifications.phone.send')}
            </Button>
            {changing && (
              <Button type="button" variant="outline" onClick={reset}>
                {t('notifications.phone.cancel')}
              </Button>
            )}
          </div>
        </form>
      ) : (
        <form className="grid gap-3" onSubmit={confirm}>
          <p className="text-sm">{t('notifications.phone.sentTo', { phone: phoneNumber })}</p>
          <TextField
            label={t('notifications.phone.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(digitsOnly(event.target.value))}
            required
          />
          <FormError>{error ? t(error) : null}</FormError>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={code.length !== 6 || busy}>
              {t('notifications.phone.verify')}
            </Button>
            <Button type="button" variant="outline" onClick={reset}>
              {t('notifications.phone.cancel')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
