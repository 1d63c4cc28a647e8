import { VideoIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useDoctorIsWaiting } from '@/lib/active-encounter';
import { useJoinVisit } from './appointment-card';

/** Stays above the bottom navigation while the doctor waits in the visit. */
export function DoctorWaitingBar() {
  const { t } = useTranslation();
  const waiting = useDoctorIsWaiting();
  const join = useJoinVisit();
  if (!waiting) return null;
  return (
    <div
      role="region"
      aria-label={t('patientHome.waiting.panel')}
      className="fixed inset-x-0 bottom-20 z-30 px-4 pb-[env(safe-area-inset-bottom)]"
    >
      <div className="bg-accent-600 mx-auto grid max-w-xl gap-2 rounded-xl p-3 text-white shadow-lg">
        <p className="text-sm font-semibold">{t('patientHome.waiting.panel')}</p>
        <Button
          type="button"
          className="text-accent-700 w-full bg-white hover:bg-white/90"
          onClick={join}
        >
          <VideoIcon aria-hidden="true" />
          {t('patientHome.waiting.join')}
        </Button>
      </div>
    </div>
  );
}
