import { DownloadIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import type { VitalsReading } from '@shared/vitals';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { HealthRecords } from '@/features/health-records/components/health-records';
import { healthRecordSections } from '@/features/health-records/components/health-record-tabs';
import { useMedications } from '@/features/medications/api/get-medications';
import { MedicationsList } from '@/features/medications/components/medications-list';
import { ProfileSummaryCard } from '@/features/patient-profile/components/profile-summary-card';
import { useRecordDownload } from '@/features/patient-profile/record-download/use-record-download';
import { useActingFor } from '@/lib/acting-for';
import { arrivingOf } from '@/lib/arriving';
import { useSession } from '@/lib/session';
import { useUploadedDocs } from '@/features/uploads/api/get-uploads';
import { UploadedDocs } from '@/features/uploads/components/uploaded-docs';
import { useDocsCount } from '@/features/uploads/use-docs-count';
import { useVisitHistory } from '@/features/visits/api/get-visit-history';
import { useVitals } from '@/features/vitals/api/get-vitals';
import {
  ReadingMeasures,
  useVitalsCount,
  VitalsHistory,
} from '@/features/vitals/components/vitals-history';

/** No readings yet: one list, so what is drawn from it is not drawn again for a new one. */
const noReadings: VitalsReading[] = [];

/** The section `?section=` names, when it is one of the record's. */
function sectionOf(search: string) {
  const named = new URLSearchParams(search).get('section');
  return healthRecordSections.find((section) => section === named);
}

/**
 * The record: one's own, or that of the person one cares for (the shell shows it only when
 * they let one see it).
 */
export default function HealthPage() {
  const actingFor = useActingFor();
  const { t } = useTranslation();
  const me = useSession().data;
  // Each list as it arrives: a section says "Loading…" until the server has answered, and
  // that there is nothing only once it said so.
  const documents = arrivingOf(useUploadedDocs());
  const docsCount = useDocsCount();
  const visits = arrivingOf(useVisitHistory());
  const patientId = me?.role === 'patient' ? (actingFor ?? me.user.id) : undefined;
  const readings = arrivingOf(useVitals(patientId));
  const stored = Array.isArray(readings) ? readings : noReadings;
  // Readings still on this device are shown even before (or without) the server's list.
  const readingsCount = useVitalsCount(patientId, stored);
  const vitalsCount = Array.isArray(readings) || readingsCount > 0 ? readingsCount : readings;
  const showVitals = Array.isArray(readings) || readingsCount > 0;
  const medications = arrivingOf(useMedications(patientId));
  const section = sectionOf(useSearch());
  const recordDownload = useRecordDownload(me?.role === 'patient' ? me.user.id : undefined);
  return (
    <div className="grid grid-cols-1 gap-4">
      <div>
        <PageHeader title={t('pages.health')} actions={<LanguageToggle />} />
        <p className="text-muted-foreground -mt-3 text-sm">{t('healthRecords.intro')}</p>
      </div>
      {me && actingFor === null && (
        <ProfileSummaryCard me={me}>
          {/* The whole record, as Profile → "Download my record" gives it. */}
          <Button
            type="button"
            variant="outline"
            onClick={recordDownload.download}
            disabled={recordDownload.busy}
          >
            <DownloadIcon aria-hidden="true" />
            {t('healthRecords.download')}
          </Button>
        </ProfileSummaryCard>
      )}
      <HealthRecords
        docs={{
          count: typeof documents === 'string' ? documents : (docsCount ?? 'loading'),
          content: <UploadedDocs />,
        }}
        vitals={{
          count: vitalsCount,
          content: patientId && showVitals && (
            <VitalsHistory
              patientId={patientId}
              readings={stored}
              loading={!Array.isArray(readings)}
            />
          ),
        }}
        meds={{
          count: typeof medications === 'string' ? medications : medications.length,
          content: Array.isArray(medications) && <MedicationsList medications={medications} />,
        }}
        record={{ visits, readings, medications, documents }}
        renderReading={(reading) => <ReadingMeasures reading={reading} />}
        section={section}
      />
    </div>
  );
}
