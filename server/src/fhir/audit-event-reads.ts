import type { AuditEvent, Bundle } from 'fhir/r4';
import type { AuditEventSearch } from '@shared/fhir';
import { AppError } from '../http/app-error';
import type { FhirReader } from './fhir-reader';
import type { FhirReadings } from './fhir-reading';
import type { FhirRepository } from './fhir-repository';
import { auditEventResource } from './resources/audit-event';
import { missing, type SearchPages } from './search-pages';
import { cursorOf, dateConditionsOf, pageSizeOf, patientReferenceOf } from './search-parameters';

const trailRefused = () =>
  new AppError('forbidden', 'Only the super administrator reads the audit trail.');

/** The audit trail as AuditEvents, under the trail's own rule (`audit/audit-access.ts`). */
export function auditEventReads(deps: {
  fhir: FhirRepository;
  readings: FhirReadings;
  pages: SearchPages;
}) {
  const { fhir, readings } = deps;
  const { page } = deps.pages;
  return {
    /** An entry of the audit trail: the super administrator's to read, as the app's trail is. */
    async readAuditEvent(reader: FhirReader, id: string): Promise<AuditEvent> {
      const reading = await readings.of(reader, 'AuditEvent', null);
      if (!reading.mayReadTrail) throw trailRefused();
      const row = await fhir.auditEvent(id);
      if (!row) throw missing('AuditEvent', id);
      await reading.noteTrailRead({ record: id });
      return auditEventResource(row);
    },

    async searchAuditEvents(reader: FhirReader, query: AuditEventSearch): Promise<Bundle> {
      const reading = await readings.of(reader, 'AuditEvent', null);
      if (!reading.mayReadTrail) throw trailRefused();
      const after = cursorOf(query._cursor);
      if (after !== null && !/^[1-9]\d{0,17}$/.test(after.id)) {
        throw new AppError('validation_failed', '_cursor is not one this server gave.');
      }
      const size = pageSizeOf(query._count);
      const patientId =
        query.patient === undefined ? null : patientReferenceOf(query.patient, 'patient');
      const rows = await fhir.searchAuditEvents({
        patientId,
        recorded: dateConditionsOf(query.date, 'date'),
        after,
        limit: size + 1,
      });
      await reading.noteTrailRead({ record: patientId, date: query.date });
      return page('AuditEvent', query, rows, size, auditEventResource, (row) => ({
        at: row.recordedAt,
        id: row.id,
      }));
    },
  };
}
