import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { carePermissions } from '@shared/care-permissions';
import type { ChartCarer, ChartDocument, ChartVisit } from '@shared/chart';
import { visitStatuses, type VisitStatus } from '@shared/visits';
import { Card, CardTitle } from '@/components/ui/card';
import { useDates } from '@/lib/dates';
import { addChartStrings } from '../chart-strings';

addChartStrings();

const isStatus = (status: string): status is VisitStatus =>
  (visitStatuses as readonly string[]).includes(status);

/** The patient's visits, newest first, with who saw them and the summary. */
export function ChartVisits({ visits }: { visits: ChartVisit[] }) {
  const { t } = useTranslation();
  const dates = useDates();
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} className="grid gap-3">
      <CardTitle id={titleId}>{t('chart.visits.title')}</CardTitle>
      {visits.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t('chart.visits.none')}</p>
      ) : (
        <ul className="grid gap-2">
          {visits.map((visit) => {
            const when = visit.startedAt ?? visit.endedAt;
            return (
              <li key={visit.id} className="border-border grid gap-1 rounded-lg border p-3">
                <p className="text-muted-foreground text-xs">
                  {[
                    when ? dates.dateTime(when) : null,
                    visit.doctorName ? t('chart.visits.with', { name: visit.doctorName }) : null,
                    isStatus(visit.status) && visit.status !== 'finished'
                      ? t(`chart.visits.status.${visit.status}`)
                      : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                <p className="text-sm font-medium">{visit.reason || t('chart.visits.noReason')}</p>
                <p className="text-sm whitespace-pre-line">
                  {visit.summary ?? t('chart.visits.noSummary')}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

/** The photos and documents the patient uploaded, newest first. */
export function ChartDocuments({ documents }: { documents: ChartDocument[] }) {
  const { t } = useTranslation();
  const dates = useDates();
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} className="grid gap-3">
      <CardTitle id={titleId}>{t('chart.documents.title')}</CardTitle>
      {documents.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t('chart.documents.none')}</p>
      ) : (
        <ul className="grid gap-2">
          {documents.map((document) => (
            <li key={document.id} className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="text-sm">
                {t('chart.documents.photo')} · {dates.dateTime(document.createdAt)}
              </span>
              <a
                href={document.url}
                target="_blank"
                rel="noopener"
                className="text-brand-700 text-sm font-medium underline underline-offset-4"
              >
                {t('chart.documents.open', { when: dates.dateTime(document.createdAt) })}
              </a>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Who acts for the patient: the caregivers they granted, and a guardian. */
export function ChartCareCircle({ carers }: { carers: ChartCarer[] }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} className="grid gap-3">
      <CardTitle id={titleId}>{t('chart.careCircle.title')}</CardTitle>
      {carers.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t('chart.careCircle.none')}</p>
      ) : (
        <ul className="grid gap-2">
          {carers.map((carer, index) => (
            <li key={index} className="text-sm">
              <span className="font-medium">{carer.name}</span> ·{' '}
              {t(`chart.careCircle.relationships.${carer.relationship}`)}
              {' · '}
              {carer.guardian
                ? t('chart.careCircle.guardian')
                : carePermissions
                    .filter((permission) => carer.permissions[permission])
                    .map((permission) => t(`chart.careCircle.permissions.${permission}`))
                    .join(', ')}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
