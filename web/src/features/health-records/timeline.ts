import type { Medication } from '@shared/medications';
import type { Upload } from '@shared/uploads';
import type { Visit } from '@shared/visits';
import type { VitalsReading } from '@shared/vitals';

/** One event of the patient's record, dated by the moment it happened (an ISO string). */
export type TimelineEntry =
  | { kind: 'visit'; id: string; at: string; visit: Visit }
  | { kind: 'vitals'; id: string; at: string; reading: VitalsReading }
  | { kind: 'prescribed'; id: string; at: string; medication: Medication }
  | { kind: 'stopped'; id: string; at: string; medication: Medication }
  | { kind: 'document'; id: string; at: string; document: Upload };

export interface PatientRecord {
  visits: readonly Visit[];
  readings: readonly VitalsReading[];
  medications: readonly Medication[];
  documents: readonly Upload[];
}

/** The moment a finished visit is dated by. */
export function visitMoment(visit: Visit): string {
  return visit.endedAt ?? visit.inProgressAt ?? visit.startedAt ?? visit.queuedAt;
}

/**
 * Visits, readings, prescriptions and their stops, and documents in one list, newest first.
 * Events of one moment keep the order they are listed in here.
 */
export function timelineOf(record: PatientRecord): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    ...record.visits.map((visit) => ({
      kind: 'visit' as const,
      id: `visit:${visit.id}`,
      at: visitMoment(visit),
      visit,
    })),
    ...record.readings.map((reading) => ({
      kind: 'vitals' as const,
      id: `vitals:${reading.id}`,
      at: reading.takenAt,
      reading,
    })),
    ...record.medications.flatMap((medication) => [
      ...(medication.stopped
        ? [
            {
              kind: 'stopped' as const,
              id: `stopped:${medication.id}`,
              at: medication.stopped.at,
              medication,
            },
          ]
        : []),
      {
        kind: 'prescribed' as const,
        id: `prescribed:${medication.id}`,
        at: medication.prescribedAt,
        medication,
      },
    ]),
    ...record.documents.map((document) => ({
      kind: 'document' as const,
      id: `document:${document.id}`,
      at: document.createdAt,
      document,
    })),
  ];
  return entries.sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
}
