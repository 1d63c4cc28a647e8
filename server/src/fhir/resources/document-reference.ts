import type { DocumentReference } from 'fhir/r4';
import { uploadContentPath } from '@shared/uploads';
import { lastUpdatedOf, patientReference, type RecordRow } from './references';

/** A photo the patient shared, as the FHIR API reads it (`uploads`). */
export interface DocumentReferenceRow extends RecordRow {
  contentType: string;
  byteSize: number;
}

/**
 * A shared photo as FHIR R4 has it: a current document of the patient, its content by URL
 * on the server's public address (read with the app's own sign-in, as the app reads it).
 */
export function documentReferenceResource(
  row: DocumentReferenceRow,
  publicUrl: string,
): DocumentReference {
  return {
    resourceType: 'DocumentReference',
    id: row.id,
    ...lastUpdatedOf(row),
    status: 'current',
    type: { text: 'Photo' },
    subject: patientReference(row.patientId),
    date: row.at.toISOString(),
    author: [patientReference(row.patientId)],
    content: [
      {
        attachment: {
          contentType: row.contentType,
          url: new URL(uploadContentPath(row.id), publicUrl).toString(),
          size: row.byteSize,
          creation: row.at.toISOString(),
        },
      },
    ],
  };
}
