import { appModeMetaName, appModeSchema, type AppMode } from '@shared/app-mode';
import { localSetting } from '@/lib/local-setting';

/** The server's APP_MODE, read from the page it served; the mode a new device starts in. */
function serverAppMode(): AppMode {
  const content = document
    .querySelector(`meta[name="${appModeMetaName}"]`)
    ?.getAttribute('content');
  const parsed = appModeSchema.safeParse(content);
  return parsed.success ? parsed.data : 'dev';
}

export const appModeSetting = localSetting<AppMode>('appMode', (raw) => {
  const parsed = appModeSchema.safeParse(raw);
  return parsed.success ? parsed.data : serverAppMode();
});

export type DeviceMode = 'personal' | 'clinic';

export const deviceModeSetting = localSetting<DeviceMode>('deviceMode', (raw) =>
  raw === 'clinic' ? 'clinic' : 'personal',
);
export const clinicCodeSetting = localSetting<string | null>('clinicCode', (raw) => raw);
export const clinicNameSetting = localSetting<string | null>('clinicName', (raw) => raw);

/** Binds this device to a clinic whose key the server accepted. */
export function bindToClinic(clinicCode: string, clinicName: string): void {
  clinicCodeSetting.set(clinicCode);
  clinicNameSetting.set(clinicName);
  deviceModeSetting.set('clinic');
}

/**
 * Back to a personal device. The clinic data goes with it, so a personal device never
 * holds any and signing out (which keeps the device settings) leaves clinic data only
 * on a clinic device.
 */
export function switchToPersonal(): void {
  deviceModeSetting.set('personal');
  clinicCodeSetting.set(null);
  clinicNameSetting.set(null);
}
