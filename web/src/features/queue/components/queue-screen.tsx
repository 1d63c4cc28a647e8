import { UsersIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { PageHeader } from '@/components/layout/page-header';
import { useNumberFormat } from '@/lib/number-format';
import type { QueueEntry } from '../queue-entry';
import { QueueRow } from './queue-row';

/**
 * The doctor's queue. Nothing fills it yet, so it is empty and no
 * visit has been completed or timed.
 */
export function QueueScreen({ entries = [] }: { entries?: QueueEntry[] }) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const counts = [
    { label: t('queue.counts.waiting'), value: format.number(entries.length) },
    { label: t('queue.counts.completed'), value: format.number(0) },
    { label: t('queue.counts.averageWait'), value: t('queue.counts.noAverage') },
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
      <section aria-label={t('queue.list.label')}>
        {entries.length === 0 ? (
          <div className="border-border text-muted-foreground flex flex-col items-center gap-2 rounded-xl border border-dashed px-4 py-10 text-center">
            <UsersIcon className="size-8" aria-hidden="true" />
            <p>{t('queue.list.empty')}</p>
          </div>
        ) : (
          <ul className="flex flex-col gap-2">
            {entries.map((entry, index) => (
              <QueueRow key={`${entry.name}-${index}`} entry={entry} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
