import { BuildingIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { defaultClinicName } from '@shared/clinic';
import { useStore } from '@/lib/create-store';
import { clinicNameSetting, deviceModeSetting } from '@/lib/device-settings';

/**
 * On a clinic device, the clinic it is bound to. Tapping it explains who may change
 * that; the developer panel still lets anyone with a key do so.
 */
export function ClinicBadge() {
  const { t } = useTranslation();
  const deviceMode = useStore(deviceModeSetting);
  const clinicName = useStore(clinicNameSetting);
  if (deviceMode !== 'clinic') return null;
  return (
    <div className="bg-brand-50 flex justify-center px-3 py-1">
      <button
        type="button"
        aria-label={t('device.badge.label')}
        onClick={() => window.alert(t('device.badge.managersOnly'))}
        className="border-brand-100 bg-card text-brand-800 flex min-h-7 max-w-full items-center gap-1.5 rounded-full border px-3 text-xs font-semibold"
      >
        <BuildingIcon className="size-3.5 shrink-0" aria-hidden="true" />
        <span className="truncate">{clinicName ?? defaultClinicName}</span>
      </button>
    </div>
  );
}
