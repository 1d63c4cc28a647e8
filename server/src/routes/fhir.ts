import {
  fhirBasePath,
  auditEventSearchSchema,
  fhirReadParamsSchema,
  fhirResourceSchema,
  observationSearchSchema,
  patientSearchSchema,
  practitionerSearchSchema,
  scheduleSearchSchema,
  slotSearchSchema,
  recordSearchSchema,
  recordTypes,
  type FhirResourceJson,
  type RecordType,
} from '@shared/fhir';
import type * as z from 'zod/mini';
import type { Bundle } from 'fhir/r4';
import type { SupportedType } from '../fhir/capability-statement';
import type { FhirReader, FhirReaderOf } from '../fhir/fhir-reader';
import type { FhirService } from '../fhir/fhir-service';
import {
  ignoredParameters,
  withIgnoredParameters,
  withoutParameters,
} from '../fhir/search-handling';
import { fhirAnswers } from '../http/fhir-answers';
import { noStore } from '../http/no-store';
import { useRouteSchemas, type ApiServer } from '../http/route-schemas';

export interface FhirDeps {
  fhir: FhirService;
  /** Who reads: a registered system by its access token, or a person signed in to the app. */
  readerOf: FhirReaderOf;
}

/** A read by id: an id that cannot be a FHIR id names nothing here, as an unknown one does. */
const readRoute = {
  schema: { params: fhirReadParamsSchema, response: { 200: fhirResourceSchema } },
  config: {
    inputRefusals: { params: { code: 'not_found', message: 'No resource has that id.' } },
  },
  onRequest: noStore,
} as const;

/**
 * The FHIR R4 API under `/fhir/R4`: the CapabilityStatement, and read and search of what it
 * lists, for a signed-in caller (the web app's session, or a JWT from `/api/auth/token`) or a
 * registered system (an access token from `/fhir/R4/auth/token`, `routes/smart.ts`).
 */
export function registerFhirRoutes(app: ApiServer, deps: FhirDeps): void {
  const { fhir, readerOf } = deps;
  void app.register(
    (context, _options, done) => {
      fhirAnswers(context);
      const api = useRouteSchemas(context);

      api.get('/metadata', { schema: { response: { 200: fhirResourceSchema } } }, () =>
        Promise.resolve(fhir.metadata()),
      );

      /**
       * A search of one type: its parameters' schema, and the service's search for them. A
       * parameter the type does not read is refused under `Prefer: handling=strict`, else
       * left out of the search and told back in its Bundle.
       */
      const searchOf = <Query extends z.ZodMiniType<Record<string, unknown>>>(
        type: SupportedType,
        querystring: Query,
        search: (reader: FhirReader, query: z.infer<Query>) => Promise<Bundle>,
      ) =>
        api.get(
          `/${type}`,
          { schema: { querystring, response: { 200: fhirResourceSchema } }, onRequest: noStore },
          async (request) => {
            const ignored = ignoredParameters(type, request.url, request.headers.prefer);
            // The schema above parsed the query; the type provider cannot say so for any `Query`.
            const query = withoutParameters(request.query as z.infer<Query>, ignored);
            const bundle = await search(await readerOf(request), query);
            return withIgnoredParameters(bundle, type, ignored);
          },
        );

      // Every type is read by id alike; the record's other types, each by its own type.
      const reads: Record<string, (reader: FhirReader, id: string) => Promise<FhirResourceJson>> = {
        Patient: (reader, id) => fhir.readPatient(reader, id),
        Observation: (reader, id) => fhir.readObservation(reader, id),
        Practitioner: (reader, id) => fhir.readPractitioner(reader, id),
        Schedule: (reader, id) => fhir.readSchedule(reader, id),
        Slot: (reader, id) => fhir.readSlot(reader, id),
        AuditEvent: (reader, id) => fhir.readAuditEvent(reader, id),
        ...Object.fromEntries(
          (Object.keys(recordTypes) as RecordType[]).map((type) => [
            type,
            (reader: FhirReader, id: string) => fhir.readRecord(reader, type, id),
          ]),
        ),
      };
      for (const [type, readOne] of Object.entries(reads)) {
        api.get(`/${type}/:id`, readRoute, async (request) =>
          readOne(await readerOf(request), request.params.id),
        );
      }
      api.get('/Patient/:id/$everything', readRoute, async (request) =>
        fhir.everything(await readerOf(request), request.params.id),
      );

      searchOf('Patient', patientSearchSchema, (reader, query) =>
        fhir.searchPatients(reader, query),
      );
      searchOf('Observation', observationSearchSchema, (reader, query) =>
        fhir.searchObservations(reader, query),
      );
      searchOf('Practitioner', practitionerSearchSchema, (reader, query) =>
        fhir.searchPractitioners(reader, query),
      );
      searchOf('Schedule', scheduleSearchSchema, (reader, query) =>
        fhir.searchSchedules(reader, query),
      );
      searchOf('Slot', slotSearchSchema, (reader, query) => fhir.searchSlots(reader, query));
      searchOf('AuditEvent', auditEventSearchSchema, (reader, query) =>
        fhir.searchAuditEvents(reader, query),
      );
      for (const type of Object.keys(recordTypes) as RecordType[]) {
        searchOf(type, recordSearchSchema, (reader, query) =>
          fhir.searchRecord(reader, type, query),
        );
      }
      done();
    },
    { prefix: fhirBasePath },
  );
}
