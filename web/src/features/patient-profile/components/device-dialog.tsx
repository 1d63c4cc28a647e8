import { SmartphoneIcon } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { useStore } from '@/lib/create-store';
import { clinicNameSetting, deviceModeSetting } from '@/lib/device-settings';
import { storageUsed } from '@/lib/forget-device';
import { useNumberFormat } from '@/lib/number-format';
import { SettingsRow } from './settings-row';

/** Megabytes with one decimal, the way a phone's settings show storage. */
function megabytes(bytes: number): number {
  return Math.round((bytes / 1_000_000) * 10) / 10;
}

function StorageUsed() {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const [bytes, setBytes] = useState<number | null | 'loading'>('loading');
  useEffect(() => {
    let current = true;
    void storageUsed().then((used) => current && setBytes(used));
    return () => {
      current = false;
    };
  }, []);
  if (bytes === 'loading') return <dd>{t('app.loading')}</dd>;
  return (
    <dd>
      {bytes === null
        ? t('profileSettings.device.storageUnknown')
        : t('profileSettings.device.storageMb', { size: format.number(megabytes(bytes)) })}
    </dd>
  );
}

/**
 * "This device": whether it is the person's own or a clinic's, what the app keeps on it, and
 * `forget` (the Forget this device button, handed in by the page).
 */
export function DeviceDialog({ forget }: { forget: ReactNode }) {
  const { t } = useTranslation();
  const mode = useStore(deviceModeSetting);
  const clinicName = useStore(clinicNameSetting);
  const modeText =
    mode === 'clinic'
      ? t('profileSettings.device.clinic', { name: clinicName ?? '' })
      : t('profileSettings.device.personal');
  return (
    <Dialog>
      <DialogTrigger asChild>
        <SettingsRow icon={SmartphoneIcon} label={t('patientProfile.clinics.devices')} />
      </DialogTrigger>
      <DialogContent
        closeLabel={t('profileSettings.close')}
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
      >
        <DialogTitle className="pe-8">{t('patientProfile.clinics.devices')}</DialogTitle>
        <DialogDescription>{t('profileSettings.device.description')}</DialogDescription>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted-foreground">{t('profileSettings.device.mode')}</dt>
          <dd>{modeText}</dd>
          <dt className="text-muted-foreground">{t('profileSettings.device.storage')}</dt>
          <StorageUsed />
        </dl>
        <p className="text-muted-foreground text-sm">
          {t('profileSettings.device.forgetExplained')}
        </p>
        {forget}
      </DialogContent>
    </Dialog>
  );
}
