import { ClipboardListIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { chartPath } from '@shared/pages';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/**
 * "Patient chart": a doctor's way to a patient's chart. `newTab` keeps the screen it is on
 * (a call) open while the chart is read.
 */
export function PatientChartLink({
  patientId,
  newTab = false,
  className,
}: {
  patientId: string;
  newTab?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const href = chartPath(patientId);
  return (
    <Button asChild variant="outline" className={cn(className)}>
      {newTab ? (
        <a href={href} target="_blank" rel="noopener">
          <ClipboardListIcon aria-hidden="true" />
          {t('patientChart')}
        </a>
      ) : (
        <Link href={href}>
          <ClipboardListIcon aria-hidden="true" />
          {t('patientChart')}
        </Link>
      )}
    </Button>
  );
}
