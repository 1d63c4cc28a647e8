import { useTranslation } from 'react-i18next';
import type { NotificationSettings as Settings } from '@shared/notifications';
import { FormError } from '@/components/ui/form-message';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/session';
import { useNotificationSettings } from '../api/get-settings';
import { useUpdateNotificationSettings } from '../api/update-settings';
import { notificationsErrorKey } from '../error-message';
import { PhoneVerification } from './phone-verification';
import { PushSwitch } from './push-switch';
import { QuietHours } from './quiet-hours';
import { SettingSwitch } from './setting-switch';
import { addNotificationsStrings } from '../notifications-strings';

addNotificationsStrings();

/**
 * Texts and, for a patient, medication reminders (nobody else has medicines in Sewa): account
 * settings, saved as they are switched.
 */
function AccountSwitches({ settings, patient }: { settings: Settings; patient: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateNotificationSettings();
  // While a change is on its way the switch shows it, so a tap is seen at once.
  const pending = update.isPending ? update.variables : undefined;
  return (
    <>
      <SettingSwitch
        label={t('notifications.channels.texts')}
        hint={
          settings.phoneNumber
            ? t('notifications.channels.textsHint')
            : t('notifications.channels.textsNeedNumber')
        }
        // Without a verified number no text is sent, whatever the stored choice: the switch
        // shows off and waits for the number rather than saying on beside "Verify … first".
        checked={settings.phoneNumber ? (pending?.texts ?? settings.texts) : false}
        disabled={update.isPending || !settings.phoneNumber}
        onCheckedChange={(texts) => update.mutate({ texts })}
      />
      {patient && (
        <SettingSwitch
          label={t('notifications.channels.medication')}
          hint={t('notifications.channels.medicationHint')}
          checked={pending?.medicationReminders ?? settings.medicationReminders}
          disabled={update.isPending}
          onCheckedChange={(medicationReminders) => update.mutate({ medicationReminders })}
        />
      )}
      <FormError>{update.isError ? t(notificationsErrorKey(update.error)) : null}</FormError>
    </>
  );
}

/** Profile → Notifications: the verified number, each channel, and the quiet hours. */
export default function NotificationSettings() {
  const { t } = useTranslation();
  const settings = useNotificationSettings();
  const session = useSession().data;
  const userId = session?.user.id;
  if (settings.isError) {
    return (
      <p role="alert" className="text-accent-700 text-sm">
        {t('notifications.loadError')}
      </p>
    );
  }
  if (!settings.data) {
    return (
      <div className="flex justify-center py-6">
        <Spinner label={t('notifications.loading')} />
      </div>
    );
  }
  return (
    <div className="grid gap-5">
      <PhoneVerification verifiedNumber={settings.data.phoneNumber} />
      <div className="grid gap-4">
        <AccountSwitches settings={settings.data} patient={session?.role === 'patient'} />
        {userId && <PushSwitch userId={userId} />}
      </div>
      <QuietHours
        key={`${settings.data.quietHours.start}-${settings.data.quietHours.end}`}
        quietHours={settings.data.quietHours}
      />
    </div>
  );
}
