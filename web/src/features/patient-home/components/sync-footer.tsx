import { CloudIcon, CloudOffIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useDates } from '@/lib/dates';
import { useNumberFormat } from '@/lib/number-format';
import { useOnline } from '@/lib/online-status';
import { useOutboxSize } from '@/lib/outbox';
import { useSession } from '@/lib/session';

/**
 * When this screen last heard from the server, and offline that it is waiting for the
 * network. "All data synced" only when nothing done on this device waits to be sent.
 */
export function SyncFooter() {
  const { t } = useTranslation();
  const dates = useDates();
  const { number: format } = useNumberFormat();
  const online = useOnline();
  const session = useSession();
  const unsent = useOutboxSize();
  const Icon = online ? CloudIcon : CloudOffIcon;
  const time = dates.time(session.dataUpdatedAt);
  return (
    <footer className="text-muted-foreground flex items-center justify-center gap-1.5 py-2 text-xs">
      <Icon className="size-3.5" aria-hidden="true" />
      {/* Home renders only once the session has loaded (or was read from the device), so it
          has a time: offline, the time of the last answer. */}
      {!online
        ? t('patientHome.sync.offline', { time })
        : unsent > 0
          ? t('patientHome.sync.unsent', { count: unsent, number: format(unsent), time })
          : t('patientHome.sync.synced', { time })}
    </footer>
  );
}
