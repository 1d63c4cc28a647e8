import { FileDownIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/section-card';
import { addRecordDownloadStrings } from './record-download-strings';
import { useRecordDownload } from './use-record-download';

addRecordDownloadStrings();

/** Profile → "Download my record": the patient's own record, whole, as a file. */
export function DownloadRecordCard({ patientId }: { patientId: string }) {
  const { t } = useTranslation();
  const { download, busy } = useRecordDownload(patientId);
  return (
    <SectionCard title={t('recordDownload.button')} description={t('recordDownload.description')}>
      <Button type="button" variant="outline" onClick={download} disabled={busy}>
        <FileDownIcon aria-hidden="true" />
        {t('recordDownload.button')}
      </Button>
    </SectionCard>
  );
}
