import { EyeIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { addRecordReadsStrings } from './record-reads-strings';

addRecordReadsStrings();

/** Profile → "Who has seen my record": the patient's own view of the audit trail. */
export function RecordReadsLink() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-1">
      <Button asChild variant="outline">
        <Link href="/profile/record-reads">
          <EyeIcon aria-hidden="true" />
          {t('recordReads.open')}
        </Link>
      </Button>
      <p className="text-muted-foreground px-1 text-sm">{t('recordReads.openHint')}</p>
    </div>
  );
}
