import { VideoIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';

/** The patient at the visit once the doctor has started it: one press enters the call. */
export function DoctorWaitingPrompt({ onJoin }: { onJoin: () => void }) {
  const { t } = useTranslation();
  return (
    <Card className="border-accent-500 ring-accent-500 grid gap-3 ring-1">
      <div className="flex items-center justify-between gap-2">
        <CardTitle>{t('visits.doctorWaiting.panel')}</CardTitle>
        <span className="bg-accent-600 rounded-full px-2.5 py-0.5 text-xs font-semibold text-white">
          {t('visits.doctorWaiting.live')}
        </span>
      </div>
      <Button type="button" variant="destructive" onClick={onJoin}>
        <VideoIcon aria-hidden="true" />
        {t('visits.doctorWaiting.join')}
      </Button>
    </Card>
  );
}
