import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/ui/form-message';
import type { ErrorMessageKey } from '@/lib/error-messages';
import { notificationsErrorKey } from '../error-message';
import { pushIsOn, pushUnavailable, turnPushOff, turnPushOn } from '../push-device';
import { SettingSwitch } from './setting-switch';
import { addNotificationsStrings } from '../notifications-strings';

addNotificationsStrings();

/**
 * "Push notifications" on this device: on when this browser holds the subscription this
 * person made and the server stores it. Reading that asks nothing of the person; the
 * permission prompt and the subscription come only when they turn the switch on.
 */
export function PushSwitch({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [subscribed, setSubscribed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorMessageKey | null>(null);
  const unavailable = pushUnavailable();

  useEffect(() => {
    let current = true;
    void pushIsOn(userId)
      .then((on) => {
        if (current) setSubscribed(on);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [userId]);

  async function change(on: boolean) {
    setBusy(true);
    setError(null);
    try {
      if (on) await turnPushOn(userId);
      else await turnPushOff();
      setSubscribed(on);
    } catch (failure) {
      // Nothing changed on either side (`push-device.ts` undoes a half-made subscription).
      setError(notificationsErrorKey(failure));
    } finally {
      setBusy(false);
    }
  }

  // Push cannot be turned on here: the switch stays off and the reason is said plainly.
  const blocked = unavailable !== null && !subscribed;
  return (
    <div className="grid gap-2">
      <SettingSwitch
        label={t('notifications.channels.push')}
        hint={t('notifications.channels.pushHint')}
        checked={subscribed}
        disabled={busy || blocked}
        onCheckedChange={(on) => void change(on)}
      />
      {blocked && !error && (
        <p className="text-muted-foreground text-sm">{t(`notifications.push.${unavailable}`)}</p>
      )}
      <FormError>{error ? t(error) : null}</FormError>
    </div>
  );
}
