import { clinicToday } from '@shared/clinic-time';
import { fhirBasePath, fhirJsonType } from '@shared/fhir-paths';
import { apiFetch } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { toast } from '@/lib/toast';
import { i18n } from '@/lib/i18n';
import { addRecordDownloadStrings } from './record-download-strings';

addRecordDownloadStrings();

/**
 * Fetches the patient's whole record as one FHIR Bundle (`Patient/<id>/$everything`) and
 * saves it as a file on the device; a failure is told, in the reader's language.
 */
export async function downloadRecord(patientId: string): Promise<void> {
  try {
    const bundle = await apiFetch<object>(
      `${fhirBasePath}/Patient/${encodeURIComponent(patientId)}/$everything`,
    );
    saveFile(`sewa-record-${clinicToday()}.json`, JSON.stringify(bundle, null, 2), fhirJsonType);
  } catch {
    toast.error(i18n.t('recordDownload.failed'));
  }
}
