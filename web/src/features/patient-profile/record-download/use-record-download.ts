import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clinicToday } from '@shared/clinic-time';
import { fhirBasePath, fhirJsonType } from '@shared/fhir-paths';
import { apiFetch } from '@/lib/api-client';
import { addPageStrings } from '@/lib/page-strings';
import { saveFile } from '@/lib/save-file';
import { toast } from '@/lib/toast';
import en from './locales/en.json';
import ne from './locales/ne.json';

// With the pages that offer the download (Profile, Health), not the first download.
addPageStrings('recordDownload', en, ne);

/**
 * The patient's whole record as one FHIR Bundle (`Patient/<id>/$everything`), saved as a
 * file on the device: the right of access, in a form another clinic's system reads.
 */
export function useRecordDownload(patientId: string | undefined) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  async function download() {
    if (patientId === undefined || busy) return;
    setBusy(true);
    try {
      const bundle = await apiFetch<object>(
        `${fhirBasePath}/Patient/${encodeURIComponent(patientId)}/$everything`,
      );
      saveFile(`sewa-record-${clinicToday()}.json`, JSON.stringify(bundle, null, 2), fhirJsonType);
    } catch {
      toast.error(t('recordDownload.failed'));
    } finally {
      setBusy(false);
    }
  }
  return { download: () => void download(), busy };
}
