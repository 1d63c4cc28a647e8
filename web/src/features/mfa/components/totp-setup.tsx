import { QrCodeIcon } from 'lucide-react';
import { useEffect, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { secretOfOtpauthUri } from '@shared/mfa';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-message';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useEnableTotp, type TotpEnrolment } from '../api/enable-totp';
import { useVerifyTotp } from '../api/verify-totp';
import { digitsOnly } from '../digits-only';
import { mfaErrorKey } from '../error-message';
import { SetupActions } from './setup-actions';

type Step =
  | { name: 'idle' }
  | { name: 'password' }
  | { name: 'scan'; enrolment: TotpEnrolment }
  | { name: 'backup'; backupCodes: string[] };

/** The QR code is drawn in the browser; the encoder loads only when it is needed. */
function useQrDataUrl(text: string): string | null {
  const [url, setUrl] = useState<{ text: string; dataUrl: string } | null>(null);
  useEffect(() => {
    let current = true;
    void import('qrcode')
      .then(({ toDataURL }) => toDataURL(text, { margin: 1, width: 192 }))
      .then((dataUrl) => {
        if (current) setUrl({ text, dataUrl });
      });
    return () => {
      current = false;
    };
  }, [text]);
  return url?.text === text ? url.dataUrl : null;
}

function QrCode({ uri }: { uri: string }) {
  const { t } = useTranslation();
  const dataUrl = useQrDataUrl(uri);
  return (
    <div className="grid size-48 place-items-center justify-self-center rounded-lg bg-white">
      {dataUrl ? (
        <img src={dataUrl} alt={t('mfa.totp.qrAlt')} width={192} height={192} />
      ) : (
        <Spinner label={t('app.loading')} />
      )}
    </div>
  );
}

/**
 * Authenticator app enrolment: password, QR code and key, a code to confirm, backup codes.
 * `available` hides the start button once an app is enrolled; a flow under way runs to its end.
 */
export function TotpSetup({ available }: { available: boolean }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const enable = useEnableTotp();
  const verify = useVerifyTotp();

  function reset() {
    setStep({ name: 'idle' });
    setPassword('');
    setCode('');
    enable.reset();
    verify.reset();
  }

  function start(event: SyntheticEvent) {
    event.preventDefault();
    enable.mutate(
      { password },
      {
        onSuccess: (enrolment) => {
          setPassword('');
          setStep({ name: 'scan', enrolment });
        },
      },
    );
  }

  function confirm(event: SyntheticEvent, enrolment: TotpEnrolment) {
    event.preventDefault();
    verify.mutate(
      { code },
      {
        onSuccess: () => {
          toast.success(t('mfa.totp.success'));
          setCode('');
          setStep({ name: 'backup', backupCodes: enrolment.backupCodes });
        },
      },
    );
  }

  if (step.name === 'idle') {
    if (!available) return null;
    return (
      <Button type="button" variant="secondary" onClick={() => setStep({ name: 'password' })}>
        <QrCodeIcon aria-hidden="true" />
        {t('mfa.totp.start')}
      </Button>
    );
  }

  const secret = step.name === 'scan' ? (secretOfOtpauthUri(step.enrolment.totpURI) ?? '') : '';

  return (
    <section
      aria-labelledby="mfa-totp-heading"
      className="border-border grid gap-3 rounded-lg border p-3"
    >
      <h3 id="mfa-totp-heading" className="text-sm font-semibold">
        {step.name === 'backup' ? t('mfa.totp.backupTitle') : t('mfa.totp.start')}
      </h3>

      {step.name === 'password' && (
        <form className="grid gap-3" onSubmit={start}>
          <TextField
            label={t('mfa.password')}
            hint={t('mfa.totp.passwordHint')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            required
          />
          <FormError>{enable.isError ? t(mfaErrorKey(enable.error)) : null}</FormError>
          <SetupActions
            onCancel={reset}
            submitLabel={t('mfa.totp.continue')}
            disabled={password === '' || enable.isPending}
          />
        </form>
      )}

      {step.name === 'scan' && (
        <form className="grid gap-3" onSubmit={(event) => confirm(event, step.enrolment)}>
          <p className="text-sm">{t('mfa.totp.scan')}</p>
          <QrCode uri={step.enrolment.totpURI} />
          <div className="grid gap-1">
            <p className="text-sm font-medium" id="mfa-totp-secret-label">
              {t('mfa.totp.secretLabel')}
            </p>
            <p
              aria-labelledby="mfa-totp-secret-label"
              data-testid="totp-secret"
              className="bg-muted rounded-md px-2 py-1.5 font-mono text-sm break-all select-all"
            >
              {secret.replace(/(.{4})(?=.)/g, '$1 ')}
            </p>
          </div>
          <TextField
            label={t('mfa.codeLabel')}
            hint={t('mfa.totp.codeHint')}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(digitsOnly(event.target.value))}
            required
          />
          <FormError>{verify.isError ? t(mfaErrorKey(verify.error)) : null}</FormError>
          <SetupActions
            onCancel={reset}
            submitLabel={t('mfa.totp.confirm')}
            disabled={code.length !== 6 || verify.isPending}
          />
        </form>
      )}

      {step.name === 'backup' && (
        <div className="grid gap-3">
          <p className="text-sm">{t('mfa.totp.backupHint')}</p>
          <ul className="bg-muted grid grid-cols-2 gap-x-4 gap-y-1 rounded-md p-3 font-mono text-sm">
            {step.backupCodes.map((backupCode) => (
              <li key={backupCode}>{backupCode}</li>
            ))}
          </ul>
          <Button type="button" className="justify-self-end" onClick={reset}>
            {t('mfa.totp.done')}
          </Button>
        </div>
      )}
    </section>
  );
}
