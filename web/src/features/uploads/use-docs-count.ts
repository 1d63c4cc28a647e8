import { useUploadedDocs } from './api/get-uploads';
import { usePendingUploads } from './upload-sync';

/**
 * How many documents the Docs tab shows: the photos on the server plus those still
 * waiting on this device. Undefined while the server's list is loading.
 */
export function useDocsCount(): number | undefined {
  const stored = useUploadedDocs().data;
  const pending = usePendingUploads();
  if (!stored) return undefined;
  const storedIds = new Set(stored.map((upload) => upload.id));
  return stored.length + pending.filter((upload) => !storedIds.has(upload.id)).length;
}
