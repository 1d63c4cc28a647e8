import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationRecord } from '@shared/notifications';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useDates } from '@/lib/dates';
import { errorMessage } from '@/lib/error-messages';
import { useNotificationRecords } from '../api/get-records';
import { addNotificationsStrings } from '../notifications-strings';

addNotificationsStrings();

/** Refusals of the record in the reader's words: it is the superadmin's alone to read. */
const refusals = { forbidden: 'staff.figures.notYours' } as const;

/** One label and its value of a record, side by side, wrapping as a whole on a narrow phone. */
function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 gap-1">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/**
 * A record as a card of its own rather than a table row: six columns do not fit a 360 px
 * phone, and a table scrolling sideways hid its outcome and time off the screen.
 */
function RecordItem({ record }: { record: NotificationRecord }) {
  const { t } = useTranslation();
  const dates = useDates();
  return (
    <li className="border-border grid gap-1 border-t py-2">
      <p className="flex flex-wrap justify-between gap-x-3">
        <span className="font-medium">{record.recipientName}</span>
        <span className="text-muted-foreground text-xs">
          {dates.fullDateTime(record.finishedAt ?? record.dueAt)}
        </span>
      </p>
      <dl className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs">
        <Field label={t('notifications.records.channel')}>
          {t(`notifications.records.channels.${record.channel}`)}
        </Field>
        <Field label={t('notifications.records.kind')}>
          {t(`notifications.records.kinds.${record.kind}`)}
        </Field>
        <Field label={t('notifications.records.outcome')}>
          {t(`notifications.records.outcomes.${record.outcome}`)}
        </Field>
        <Field label={t('notifications.records.reason')}>
          <span className="font-mono break-all">{record.reason ?? '—'}</span>
        </Field>
      </dl>
    </li>
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
        <ul aria-labelledby="notification-records-title" className="text-sm">
          {rows.map((record) => (
            <RecordItem key={`${record.id}-${record.channel}`} record={record} />
          ))}
        </ul>
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
