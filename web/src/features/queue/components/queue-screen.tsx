import { UsersIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Queue } from '@shared/visits';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { PageHeader } from '@/components/layout/page-header';
import { useNumberFormat } from '@/lib/number-format';
import { useNow } from '@/lib/use-now';
import { QueueRow } from './queue-row';
import { addQueueStrings } from '../queue-strings';

addQueueStrings();

/** The wait times are counted again every minute. */
const minuteMs = 60_000;

/**
 * The doctor's queue as the server gives it (urgent first, then the longest waiting), with
 * today's figures. `queue` is undefined while it loads.
 */
export function QueueScreen({
  queue,
  failed = false,
  onStart,
  startingId = null,
  aboveQueue,
}: {
  queue: Queue | undefined;
  /** The queue could not be loaded. */
  failed?: boolean;
  onStart?: (id: string) => void;
  startingId?: string | null;
  /** Shown between the figures and the walk-in queue: the page puts today's appointments there. */
  aboveQueue?: ReactNode;
}) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const now = useNow(minuteMs);
  const average = queue?.averageWaitMinutesToday ?? null;
  const counts = [
    {
      label: t('queue.counts.waiting'),
      value: queue ? format.number(queue.waiting) : t('queue.counts.noAverage'),
    },
    {
      label: t('queue.counts.completed'),
      value: queue ? format.number(queue.completedToday) : t('queue.counts.noAverage'),
    },
    {
      label: t('queue.counts.averageWait'),
      value:
        average === null
          ? t('queue.counts.noAverage')
          : t('queue.waitTime', { minutes: format.number(Math.round(average)) }),
    },
  ];
  return (
    <>
      <PageHeader title={t('pages.queue')} actions={<LanguageToggle />} />
      <dl aria-label={t('queue.counts.label')} className="mb-4 grid grid-cols-3 gap-2">
        {counts.map((count) => (
          <div
            key={count.label}
            className="border-border bg-card flex flex-col items-center gap-0.5 rounded-xl border p-3 text-center shadow-sm"
          >
            <dt className="text-muted-foreground text-xs font-medium">{count.label}</dt>
            <dd className="text-xl font-bold tabular-nums">{count.value}</dd>
          </div>
        ))}
      </dl>
      {aboveQueue}
      <section aria-label={t('queue.list.label')} aria-busy={!queue && !failed}>
        {!queue ? (
          failed ? (
            <p role="alert" className="text-accent-700 text-sm">
              {t('queue.list.failed')}
            </p>
          ) : (
            <div aria-hidden="true" className="bg-muted h-20 animate-pulse rounded-xl" />
          )
        ) : queue.entries.length === 0 ? (
          <div className="border-border text-muted-foreground flex flex-col items-center gap-2 rounded-xl border border-dashed px-4 py-10 text-center">
            <UsersIcon className="size-8" aria-hidden="true" />
            <p>{t('queue.list.empty')}</p>
          </div>
        ) : (
          <ul className="flex flex-col gap-2">
            {queue.entries.map((entry) => (
              <QueueRow
                key={entry.id}
                entry={entry}
                now={now}
                onStart={onStart}
                starting={startingId === entry.id}
              />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
