import { VideoIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { useActiveEncounter, useDoctorIsWaiting } from '@/lib/active-encounter';

/**
 * Stays above the bottom navigation, wherever the patient is, while the doctor waits in the
 * visit (or the patient may rejoin it); it goes straight into the call.
 */
export function DoctorWaitingBar() {
  const { t } = useTranslation();
  const waiting = useDoctorIsWaiting();
  const encounter = useActiveEncounter();
  if (!waiting || !encounter) return null;
  return (
    <div
      role="region"
      aria-label={t('patientHome.waiting.panel')}
      className="fixed inset-x-0 bottom-20 z-30 px-4 pb-[env(safe-area-inset-bottom)]"
    >
      <div className="bg-accent-600 mx-auto grid max-w-xl gap-2 rounded-xl p-3 text-white shadow-lg">
        <p className="text-sm font-semibold">{t('patientHome.waiting.panel')}</p>
        <Button asChild className="text-accent-700 w-full bg-white hover:bg-white/90">
          <Link href={`/visit/${encounter.id}?join`}>
            <VideoIcon aria-hidden="true" />
            {t('patientHome.waiting.join')}
          </Link>
        </Button>
      </div>
    </div>
  );
}
