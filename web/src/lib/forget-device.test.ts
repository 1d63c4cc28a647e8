import { afterEach, describe, expect, it } from 'vitest';
import {
  bindToClinic,
  clinicCodeSetting,
  clinicNameSetting,
  deviceModeSetting,
  switchToPersonal,
} from './device-settings';
import { forgetDeviceState } from './forget-device';

afterEach(() => {
  switchToPersonal();
  localStorage.clear();
});

describe('forgetting this device', () => {
  it('drops the mark of who turned push on here', async () => {
    localStorage.setItem('push-owner', 'user-1');
    await forgetDeviceState();
    expect(localStorage.getItem('push-owner')).toBeNull();
  });

  it('keeps a clinic device bound to its clinic: only a manager changes that', async () => {
    bindToClinic('DEV-CLINIC-01', 'Dhulikhel Clinic');
    await forgetDeviceState();
    expect(deviceModeSetting.get()).toBe('clinic');
    expect(clinicCodeSetting.get()).toBe('DEV-CLINIC-01');
    expect(clinicNameSetting.get()).toBe('Dhulikhel Clinic');
  });

  it('keeps the reader’s language', async () => {
    localStorage.setItem('lang', 'ne');
    await forgetDeviceState();
    expect(localStorage.getItem('lang')).toBe('ne');
  });
});
