import { CloudIcon, CloudOffIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '@/lib/online-status';
import { useSession } from '@/lib/session';
import { useNumberFormat } from '@/lib/number-format';
import { formatTimeOfDay } from '../format-when';

/** When this screen last heard from the server, or that it is waiting for the network. */
export function SyncFooter() {
  const { t } = useTranslation();
  const { language } = useNumberFormat();
  const online = useOnline();
  const session = useSession();
  const Icon = online ? CloudIcon : CloudOffIcon;
  return (
    <footer className="text-muted-foreground flex items-center justify-center gap-1.5 py-2 text-xs">
      <Icon className="size-3.5" aria-hidden="true" />
      {/* Home renders only once the session has loaded, so it has a time. */}
      {online
        ? t('patientHome.sync.synced', {
            time: formatTimeOfDay(new Date(session.dataUpdatedAt), language),
          })
        : t('patientHome.sync.offline')}
    </footer>
  );
}
