import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Medication } from '@shared/medications';
import type { VitalsReading } from '@shared/vitals';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { PageHeader } from '@/components/layout/page-header';
import { PageLoading } from '@/components/layout/page-loading';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ApiRequestError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { useNumberFormat } from '@/lib/number-format';
import { useChart } from '../api/get-chart';
import { ChartCareCircle, ChartDocuments, ChartVisits } from './chart-history';
import { ChartMedications, type MedicationItemOf } from './chart-medications';
import { ChartVitals } from './chart-vitals';
import { addChartStrings } from '../chart-strings';

addChartStrings();

/** The answer for a patient the reader may not see, or that does not exist: one and the same. */
function NoSuchPatient() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      <PageHeader title={t('chart.notFound')} actions={<LanguageToggle />} />
      <Button asChild variant="outline">
        <Link href="/queue">{t('chart.backToQueue')}</Link>
      </Button>
    </div>
  );
}

/**
 * A patient's chart for their doctor: name (the page's heading), age, latest vitals with their
 * flags and trend, medications with adherence, visits with summaries, and documents. The page
 * hands in the ways to prescribe and to stop a medication, and the drawings of a medication and
 * of the trend.
 */
export function ChartScreen({
  patientId,
  medicationItem,
  prescribing,
  medicationActions,
  vitalsTrend,
}: {
  patientId: string;
  /** The drawing of a medication, as the patient's own list shows it. */
  medicationItem: MedicationItemOf;
  prescribing?: ReactNode;
  medicationActions?: (medication: Medication) => ReactNode;
  vitalsTrend?: (readings: VitalsReading[]) => ReactNode;
}) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const chart = useChart(patientId);

  if (!chart.data) {
    if (chart.isPending) return <PageLoading />;
    if (chart.error instanceof ApiRequestError && chart.error.status === 404) {
      return <NoSuchPatient />;
    }
    return (
      <Card className="grid gap-3">
        <p role="alert">{errorMessage(t, chart.error, t('chart.failed'))}</p>
        <Button type="button" variant="outline" onClick={() => void chart.refetch()}>
          {t('chart.retry')}
        </Button>
      </Card>
    );
  }

  const { patient, vitals, medications, visits, documents, careCircle } = chart.data;
  const facts = [
    patient.age === null
      ? t('chart.ageUnknown')
      : t('chart.age', { count: patient.age, number: format.number(patient.age) }),
    patient.gender === null ? null : t(`chart.gender.${patient.gender}`),
  ].filter(Boolean);

  return (
    <div className="grid min-w-0 gap-4">
      <div>
        <PageHeader title={patient.name} actions={<LanguageToggle />} />
        <p className="text-muted-foreground -mt-3 text-sm">{facts.join(' · ')}</p>
      </div>
      <ChartVitals vitals={vitals} trend={vitalsTrend} />
      <ChartMedications
        medications={medications}
        itemOf={medicationItem}
        actionsOf={medicationActions}
        prescribing={prescribing}
      />
      <ChartVisits visits={visits} />
      <ChartDocuments documents={documents} />
      <ChartCareCircle carers={careCircle} />
    </div>
  );
}
