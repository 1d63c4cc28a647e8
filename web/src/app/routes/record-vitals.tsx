import { useTranslation } from 'react-i18next';
import { Redirect } from 'wouter';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { PageHeader } from '@/components/layout/page-header';
import { RecordVitalsForm } from '@/features/vitals/components/record-vitals-form';
import { useActingFor } from '@/lib/acting-for';
import { useSession } from '@/lib/session';

/** `/health/vitals/new`: "Record vitals", a patient's own reading, or the person's they care for. */
export default function RecordVitalsPage() {
  const { t } = useTranslation();
  const me = useSession().data;
  const actingFor = useActingFor();
  if (!me) return null;
  if (me.role !== 'patient') return <Redirect to="/" replace />;
  return (
    <div className="grid grid-cols-1 gap-4">
      <PageHeader title={t('vitals.title')} actions={<LanguageToggle />} />
      {/* Caring for someone, the shell shows this only when they let one see their record. */}
      <RecordVitalsForm patientId={actingFor ?? me.user.id} />
    </div>
  );
}
