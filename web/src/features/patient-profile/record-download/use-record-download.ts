import { useState } from 'react';

/**
 * The right of access, on a button: the patient's whole record as a FHIR file on the device.
 * The download's code comes when it is pressed, so the pages that offer it do not carry it.
 */
export function useRecordDownload(patientId: string | undefined) {
  const [busy, setBusy] = useState(false);
  async function download() {
    if (patientId === undefined || busy) return;
    setBusy(true);
    try {
      const { downloadRecord } = await import('./download-record');
      await downloadRecord(patientId);
    } finally {
      setBusy(false);
    }
  }
  return { download: () => void download(), busy };
}
