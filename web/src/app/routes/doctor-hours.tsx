import { ArrowLeftIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Redirect, useParams } from 'wouter';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { PageHeader } from '@/components/layout/page-header';
import { FormError } from '@/components/ui/form-message';
import { useDoctorHours } from '@/features/doctor-hours/api/get-doctor-hours';
import { HoursEditor } from '@/features/doctor-hours/components/hours-editor';
import { ApiRequestError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { addDoctorHoursStrings } from '@/features/doctor-hours/doctor-hours-strings';

addDoctorHoursStrings();

function Editor({ doctorId }: { doctorId: string }) {
  const { t } = useTranslation();
  const hours = useDoctorHours(doctorId);
  if (hours.isError) {
    const missing = hours.error instanceof ApiRequestError && hours.error.status === 404;
    return (
      <FormError>
        {missing ? t('doctorHours.errors.not_found') : t('doctorHours.loadFailed')}
      </FormError>
    );
  }
  if (!hours.data)
    return <div aria-busy="true" className="bg-muted h-96 animate-pulse rounded-xl" />;
  return (
    <>
      <p className="-mt-3 font-semibold">{hours.data.doctorName}</p>
      <HoursEditor key={hours.data.doctorId} hours={hours.data} />
    </>
  );
}

/** `/hours/:doctorId`: a doctor's working hours, for the doctor themself and for managers. */
export default function DoctorHoursPage() {
  const { t } = useTranslation();
  const me = useSession().data;
  const { doctorId } = useParams<{ doctorId: string }>();
  if (!me) return null;
  if (me.role !== 'doctor' && me.role !== 'manager') return <Redirect to="/" replace />;
  return (
    <div className="grid grid-cols-1 gap-4">
      <PageHeader title={t('doctorHours.title')} actions={<LanguageToggle />} />
      <Editor doctorId={doctorId} />
      <Link
        href={me.role === 'manager' ? '/today' : '/profile'}
        className="text-brand-700 flex items-center gap-1 text-sm font-medium underline-offset-4 hover:underline"
      >
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        {me.role === 'manager' ? t('pages.today') : t('pages.profile')}
      </Link>
    </div>
  );
}
