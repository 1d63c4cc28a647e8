import { CloudIcon, CloudOffIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '@/lib/online-status';
import { useSession } from '@/lib/session';
import { useNumberFormat } from '@/lib/number-format';
import { formatTimeOfDay } from '../format-when';

/** When this screen last heard from the server, and offline that it is waiting for the network. */
export function SyncFooter() {
  const { t } = useTranslation();
  const { language } = useNumberFormat();
  const online = useOnline();
  const session = useSession();
  const Icon = online ? CloudIcon : CloudOffIcon;
  return (
    <footer className="text-muted-foreground flex items-center justify-center gap-1.5 py-2 text-xs">
      <Icon className="size-3.5" aria-hidden="true" />
      {/* Home renders only once the session has loaded (or was read from the device), so it
          has a time: offline, the time of the last answer. */}
      {t(online ? 'patientHome.sync.synced' : 'patientHome.sync.offline', {
        time: formatTimeOfDay(new Date(session.dataUpdatedAt), language),
      })}
    </footer>
  );
}
