import { useTranslation } from 'react-i18next';
import type { NotificationRecord } from '@shared/notifications';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useDates } from '@/lib/dates';
import { errorMessage } from '@/lib/error-messages';
import { useNotificationRecords } from '../api/get-records';

/** Refusals of the record in the reader's words: it is the superadmin's alone to read. */
const refusals = { forbidden: 'staff.figures.notYours' } as const;

function RecordRow({ record }: { record: NotificationRecord }) {
  const { t } = useTranslation();
  const dates = useDates();
  return (
    <tr className="border-border border-t align-top">
      <td className="py-2 pr-3">{record.recipientName}</td>
      <td className="py-2 pr-3">{t(`notifications.records.channels.${record.channel}`)}</td>
      <td className="py-2 pr-3">{t(`notifications.records.kinds.${record.kind}`)}</td>
      <td className="py-2 pr-3">{t(`notifications.records.outcomes.${record.outcome}`)}</td>
      <td className="py-2 pr-3 font-mono text-xs">{record.reason ?? '—'}</td>
      <td className="py-2 whitespace-nowrap">
        {dates.fullDateTime(record.finishedAt ?? record.dueAt)}
      </td>
    </tr>
  );
}

/**
 * The superadmin's read-only record of notifications: who, by which channel, what kind, what
 * became of it and why, and when; never what it said. Newest first, "Older" pages back.
 */
export default function NotificationRecords() {
  const { t } = useTranslation();
  const records = useNotificationRecords();
  const rows = records.data?.pages.flat() ?? [];
  const lastPageEmpty = records.data?.pages.at(-1)?.length === 0;

  let body;
  if (records.isError && rows.length === 0) {
    body = (
      <p role="alert" className="text-accent-700 text-sm">
        {errorMessage(t, records.error, t('notifications.records.error'), refusals)}
      </p>
    );
  } else if (!records.data) {
    body = (
      <div className="flex justify-center py-6">
        <Spinner label={t('notifications.records.loading')} />
      </div>
    );
  } else if (rows.length === 0) {
    body = <p className="text-muted-foreground text-sm">{t('notifications.records.empty')}</p>;
  } else {
    body = (
      <>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-muted-foreground text-xs">
              <tr>
                <th scope="col" className="pr-3 pb-1 font-medium">
                  {t('notifications.records.who')}
                </th>
                <th scope="col" className="pr-3 pb-1 font-medium">
                  {t('notifications.records.channel')}
                </th>
                <th scope="col" className="pr-3 pb-1 font-medium">
                  {t('notifications.records.kind')}
                </th>
                <th scope="col" className="pr-3 pb-1 font-medium">
                  {t('notifications.records.outcome')}
                </th>
                <th scope="col" className="pr-3 pb-1 font-medium">
                  {t('notifications.records.reason')}
                </th>
                <th scope="col" className="pb-1 font-medium">
                  {t('notifications.records.when')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((record) => (
                <RecordRow key={`${record.id}-${record.channel}`} record={record} />
              ))}
            </tbody>
          </table>
        </div>
        {lastPageEmpty ? (
          <p className="text-muted-foreground text-sm">{t('notifications.records.noMore')}</p>
        ) : (
          <div>
            <Button
              type="button"
              variant="outline"
              disabled={records.isFetchingNextPage}
              onClick={() => void records.fetchNextPage()}
            >
              {t('notifications.records.older')}
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <Card aria-labelledby="notification-records-title" className="grid gap-3">
      <CardTitle id="notification-records-title">{t('notifications.records.title')}</CardTitle>
      <p className="text-muted-foreground text-sm">{t('notifications.records.intro')}</p>
      {body}
    </Card>
  );
}
