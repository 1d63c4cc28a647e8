import { TrashIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { forgetDeviceState } from '@/lib/forget-device';
import { toast } from '@/lib/toast';
import { useSignOut } from '@/features/auth/api/sign-out';

/**
 * Profile → This device → "Forget this device", asked twice (its words are the Profile's,
 * `profileSettings`): everything this device keeps of the account goes (its
 * data kept for offline use, what waited to be sent, the push subscription) and it signs out.
 */
export function ForgetDeviceButton() {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const signOut = useSignOut({
    onSignedOut: () => toast.success(t('profileSettings.forget.done')),
    onFailed: () => toast.error(t('auth.logout.failed')),
  });
  const forget = () => {
    void forgetDeviceState().then(() => signOut.mutate());
  };
  if (!asking) {
    return (
      <Button
        type="button"
        variant="outline"
        className="text-accent-700 w-full"
        onClick={() => setAsking(true)}
      >
        <TrashIcon aria-hidden="true" />
        {t('profileSettings.forget.button')}
      </Button>
    );
  }
  return (
    <div role="group" aria-label={t('profileSettings.forget.button')} className="grid gap-2">
      <p className="text-sm">{t('profileSettings.forget.confirm')}</p>
      <Button
        type="button"
        variant="destructive"
        className="w-full"
        disabled={signOut.isPending}
        onClick={forget}
      >
        {t('profileSettings.forget.yes')}
      </Button>
      <Button type="button" variant="outline" className="w-full" onClick={() => setAsking(false)}>
        {t('profileSettings.forget.no')}
      </Button>
    </div>
  );
}
