import { useTranslation } from 'react-i18next';
import { Redirect } from 'wouter';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { PageHeader } from '@/components/layout/page-header';
import { RecordVitalsForm } from '@/features/vitals/components/record-vitals-form';
import { NotGranted } from '@/features/care-circle/components/caring-for-switch';
import { useActingFor } from '@/lib/acting-for';
import { useActingForPerson, useMayDo } from '@/lib/caring-for';
import { useSession } from '@/lib/session';

/** `/health/vitals/new`: "Record vitals", a patient's own reading, or the person's they care for. */
export default function RecordVitalsPage() {
  const { t } = useTranslation();
  const me = useSession().data;
  const actingFor = useActingFor();
  const person = useActingForPerson();
  const mayRecord = useMayDo('record');
  if (!me) return null;
  if (me.role !== 'patient') return <Redirect to="/" replace />;
  return (
    <div className="grid grid-cols-1 gap-4">
      <PageHeader title={t('vitals.title')} actions={<LanguageToggle />} />
      {mayRecord ? (
        <RecordVitalsForm patientId={actingFor ?? me.user.id} />
      ) : (
        <NotGranted person={person} />
      )}
    </div>
  );
}
