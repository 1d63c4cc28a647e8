import { DownloadIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { HealthRecords } from '@/features/health-records/components/health-records';
import { ProfileSummaryCard } from '@/features/patient-profile/components/profile-summary-card';
import { useSession } from '@/lib/session';
import { UploadedDocs } from '@/features/uploads/components/uploaded-docs';
import { useDocsCount } from '@/features/uploads/use-docs-count';
import { useVisitHistory } from '@/features/visits/api/get-visit-history';

export default function HealthPage() {
  const { t } = useTranslation();
  const me = useSession().data;
  const docsCount = useDocsCount() ?? 0;
  const history = useVisitHistory();
  return (
    <div className="grid grid-cols-1 gap-4">
      <div>
        <PageHeader title={t('pages.health')} actions={<LanguageToggle />} />
        <p className="text-muted-foreground -mt-3 text-sm">{t('healthRecords.intro')}</p>
      </div>
      {me && (
        <ProfileSummaryCard me={me}>
          {/* The spec leaves the record's buttons unwired. */}
          <Button type="button" variant="outline">
            <DownloadIcon aria-hidden="true" />
            {t('healthRecords.download')}
          </Button>
        </ProfileSummaryCard>
      )}
      <HealthRecords docs={{ count: docsCount, content: <UploadedDocs /> }} visits={history.data} />
    </div>
  );
}
