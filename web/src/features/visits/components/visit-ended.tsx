import { CheckCircleIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { VisitStatus } from '@shared/visits';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';

/** What the patient sees once the visit is over, with the way home. */
export function VisitEnded({ status }: { status: VisitStatus }) {
  const { t } = useTranslation();
  const detail =
    status === 'cancelled'
      ? t('visits.ended.cancelled')
      : status === 'no_show'
        ? t('visits.ended.noShow')
        : t('visits.ended.finished');
  return (
    <Card className="grid justify-items-center gap-3 text-center">
      <CheckCircleIcon className="text-brand-700 size-10" aria-hidden="true" />
      <CardTitle>{t('visits.ended.title')}</CardTitle>
      <p role="status" className="text-muted-foreground text-sm">
        {detail}
      </p>
      <Button asChild>
        <Link href="/">{t('visits.goHome')}</Link>
      </Button>
    </Card>
  );
}
