import { useTranslation } from 'react-i18next';
import { Redirect } from 'wouter';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { PageHeader } from '@/components/layout/page-header';
import { RecordVitalsForm } from '@/features/vitals/components/record-vitals-form';
import { useSession } from '@/lib/session';

/** `/health/vitals/new`: "Record vitals", a patient's own reading. */
export default function RecordVitalsPage() {
  const { t } = useTranslation();
  const me = useSession().data;
  if (!me) return null;
  if (me.role !== 'patient') return <Redirect to="/" replace />;
  return (
    <div className="grid grid-cols-1 gap-4">
      <PageHeader title={t('vitals.title')} actions={<LanguageToggle />} />
      <RecordVitalsForm patientId={me.user.id} />
    </div>
  );
}
