import { ArrowLeftIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { RecordRead } from '@shared/audit';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadingNote } from '@/components/ui/loading-note';
import { useAuditWords } from '@/lib/audit-words';
import { useDates } from '@/lib/dates';
import { useNumberFormat } from '@/lib/number-format';
import { addRecordReadsStrings } from './record-reads-strings';
import { useRecordReads } from './use-record-reads';

addRecordReadsStrings();

/** The reads of one clinic day, in the order the server gave them (latest first). */
function byDay(reads: readonly RecordRead[]): [string, RecordRead[]][] {
  const days = new Map<string, RecordRead[]>();
  for (const read of reads) days.set(read.day, [...(days.get(read.day) ?? []), read]);
  return [...days];
}

function ReadRow({ read }: { read: RecordRead }) {
  const { t } = useTranslation();
  const words = useAuditWords();
  const dates = useDates();
  const format = useNumberFormat();
  return (
    <li className="border-border grid gap-0.5 border-t py-2 first:border-t-0">
      <span className="font-semibold break-words">{read.reader.name}</span>
      <span className="text-muted-foreground text-sm">{words.role(read.reader.role)}</span>
      <span className="text-sm">
        {words.type(read.type)} ·{' '}
        {t('recordReads.times', {
          count: read.times,
          number: format.number(read.times),
          time: dates.time(read.last),
        })}
      </span>
    </li>
  );
}

/** `/profile/record-reads`: who opened the patient's record, day by day, in clinic time. */
export function RecordReadsScreen() {
  const { t } = useTranslation();
  const reads = useRecordReads();
  const dates = useDates();
  return (
    <div className="grid grid-cols-1 gap-4">
      <PageHeader title={t('recordReads.title')} actions={<LanguageToggle />} />
      <p className="text-muted-foreground text-sm">{t('recordReads.intro')}</p>
      {reads.isPending && <LoadingNote />}
      {reads.isError && (
        <Card role="alert" className="grid gap-2">
          <p>{t('recordReads.failed')}</p>
          <Button variant="secondary" onClick={() => void reads.refetch()}>
            {t('recordReads.retry')}
          </Button>
        </Card>
      )}
      {reads.isSuccess && reads.data.reads.length === 0 && (
        <p className="text-muted-foreground p-4 text-center">{t('recordReads.none')}</p>
      )}
      {reads.isSuccess &&
        byDay(reads.data.reads).map(([day, list]) => (
          <Card key={day} aria-labelledby={`reads-${day}`}>
            <h2 id={`reads-${day}`} className="font-semibold">
              {dates.nearDayOr(day)}
            </h2>
            <ul>
              {list.map((read) => (
                <ReadRow key={`${read.reader.name} ${read.type} ${read.last}`} read={read} />
              ))}
            </ul>
          </Card>
        ))}
      <Button asChild variant="ghost" className="justify-self-start">
        <Link href="/profile">
          <ArrowLeftIcon aria-hidden="true" />
          {t('recordReads.back')}
        </Link>
      </Button>
    </div>
  );
}
