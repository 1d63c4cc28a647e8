import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import type { AppMode } from '@shared/app-mode';
import { defaultClinicName, invalidClinicKeyCode, normalizeClinicKey } from '@shared/clinic';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiRequestError } from '@/lib/api-client';
import { useStore } from '@/lib/create-store';
import { errorMessageKey, type ErrorMessageKey, type ErrorMessages } from '@/lib/error-messages';
import { useVerifyClinicKey } from '../api/verify-clinic-key';
import {
  appModeSetting,
  bindToClinic,
  clinicNameSetting,
  deviceModeSetting,
  switchToPersonal,
} from '@/lib/device-settings';

interface DeveloperPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The hidden panel of the sign-in page: app mode and the device's clinic binding. */
export default function DeveloperPanel({ open, onOpenChange }: DeveloperPanelProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('device.panel.close')} className="max-h-[90dvh] overflow-y-auto">
        <div className="grid gap-1 pr-6">
          <DialogTitle>{t('device.panel.title')}</DialogTitle>
          <DialogDescription>{t('device.panel.description')}</DialogDescription>
        </div>
        <AppModeCard />
        <DeviceModeCard />
      </DialogContent>
    </Dialog>
  );
}

const appModes: AppMode[] = ['dev', 'official'];

function AppModeCard() {
  const { t } = useTranslation();
  const current = useStore(appModeSetting);
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} className="grid gap-3">
      <CardTitle id={titleId}>{t('device.appMode.title')}</CardTitle>
      <div className="grid grid-cols-2 gap-2">
        {appModes.map((mode) => (
          <Button
            key={mode}
            type="button"
            variant={mode === current ? 'default' : 'outline'}
            aria-pressed={mode === current}
            onClick={() => appModeSetting.set(mode)}
          >
            {t(`device.appMode.${mode}`)}
          </Button>
        ))}
      </div>
    </Card>
  );
}

/** The clinic check's own words; the database away reads as it does on every screen. */
const clinicKeyErrorMessages = {
  [invalidClinicKeyCode]: 'device.deviceMode.invalidKey',
  rate_limited: 'device.deviceMode.rateLimited',
} as const satisfies ErrorMessages;

function errorFor(error: unknown): ErrorMessageKey {
  const code = error instanceof ApiRequestError ? error.code : undefined;
  return errorMessageKey(code, clinicKeyErrorMessages) ?? 'device.deviceMode.failed';
}

function DeviceModeCard() {
  const { t } = useTranslation();
  const deviceMode = useStore(deviceModeSetting);
  const clinicName = useStore(clinicNameSetting);
  const titleId = useId();

  const leave = () => {
    switchToPersonal();
    toast.success(t('device.deviceMode.switched'));
  };

  return (
    <Card aria-labelledby={titleId} className="grid gap-3">
      <CardTitle id={titleId}>{t('device.deviceMode.title')}</CardTitle>
      {deviceMode === 'clinic' ? (
        <>
          <p className="text-sm">
            {t('device.deviceMode.bound', { name: clinicName ?? defaultClinicName })}
          </p>
          <Button type="button" variant="outline" onClick={leave}>
            {t('device.deviceMode.switchToPersonal')}
          </Button>
        </>
      ) : (
        <>
          <p className="text-muted-foreground text-sm">{t('device.deviceMode.personal')}</p>
          <ClinicKeyForm />
        </>
      )}
    </Card>
  );
}

function ClinicKeyForm() {
  const { t } = useTranslation();
  const verify = useVerifyClinicKey();
  const [key, setKey] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<ErrorMessageKey | null>(null);
  const keyId = useId();
  const nameId = useId();
  const nameHintId = useId();
  const errorId = useId();

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const clinicKey = normalizeClinicKey(key);
    if (clinicKey === '') {
      setError('device.deviceMode.emptyKey');
      return;
    }
    setError(null);
    verify.mutate(
      { clinicKey },
      {
        onSuccess: () => {
          const clinicName = name.trim() || defaultClinicName;
          bindToClinic(clinicKey, clinicName);
          toast.success(t('device.deviceMode.enabled', { name: clinicName }));
        },
        onError: (failure) => setError(errorFor(failure)),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor={keyId}>{t('device.deviceMode.clinicKey')}</Label>
        <Input
          id={keyId}
          value={key}
          onChange={(event) => {
            setKey(event.target.value.toUpperCase());
            setError(null);
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          className="font-mono uppercase"
        />
        {error && (
          <p id={errorId} role="alert" className="text-accent-700 text-sm font-medium">
            {t(error)}
          </p>
        )}
      </div>
      <div className="grid gap-1.5">
        <div className="flex items-baseline justify-between gap-2">
          <Label htmlFor={nameId}>{t('device.deviceMode.clinicName')}</Label>
          <span id={nameHintId} className="text-muted-foreground text-xs">
            {t('device.deviceMode.optional')}
          </span>
        </div>
        <Input
          id={nameId}
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder={defaultClinicName}
          aria-describedby={nameHintId}
          autoComplete="off"
        />
      </div>
      <Button type="submit" disabled={verify.isPending}>
        {verify.isPending ? t('device.deviceMode.checking') : t('device.deviceMode.enable')}
      </Button>
    </form>
  );
}
