import { BellIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { addNotificationsStrings } from '../notifications-strings';

addNotificationsStrings();

// The record's code and its first page come only when the superadmin asks for them.
const NotificationRecords = lazy(() => import('./notification-records'));

/** On the superadmin's home: "Notifications" shows the record of what was sent. */
export function NotificationRecordsSection() {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <div className="mt-4 grid gap-3">
      <div>
        <Button
          type="button"
          variant="outline"
          aria-expanded={shown}
          aria-controls="notification-records"
          onClick={() => setShown((value) => !value)}
        >
          <BellIcon aria-hidden="true" />
          {t('notifications.records.open')}
        </Button>
      </div>
      <div id="notification-records">
        {shown && (
          <Suspense fallback={<Spinner label={t('notifications.records.loading')} />}>
            <NotificationRecords />
          </Suspense>
        )}
      </div>
    </div>
  );
}
