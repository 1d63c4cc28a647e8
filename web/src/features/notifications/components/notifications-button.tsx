import { BellIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { addNotificationsStrings } from '../notifications-strings';

addNotificationsStrings();

// The settings' code comes when the dialog opens, not with the profile page.
const NotificationSettings = lazy(() => import('./notification-settings'));

/** Profile → "Notifications": a button that opens the notification settings. */
export function NotificationsButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline">
          <BellIcon aria-hidden="true" />
          {t('notifications.open')}
        </Button>
      </DialogTrigger>
      <DialogContent
        closeLabel={t('notifications.close')}
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
      >
        <DialogTitle>{t('notifications.title')}</DialogTitle>
        <DialogDescription>{t('notifications.intro')}</DialogDescription>
        <Suspense
          fallback={
            <div className="flex justify-center py-6">
              <Spinner label={t('notifications.loading')} />
            </div>
          }
        >
          <NotificationSettings />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
