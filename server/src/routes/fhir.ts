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
  type RecordType,
} from '@shared/fhir';
import type { FhirReaderOf } from '../fhir/fhir-reader';
import type { FhirService } from '../fhir/fhir-service';
import { fhirAnswers } from '../http/fhir-answers';
import { noStore } from '../http/no-store';
import { useRouteSchemas, type ApiServer } from '../http/route-schemas';

export interface FhirDeps {
  fhir: FhirService;
  /** Who reads: a registered system by its access token, or a person signed in to the app. */
  readerOf: FhirReaderOf;
}

const read = { params: fhirReadParamsSchema, response: { 200: fhirResourceSchema } };

/** An id that cannot be a FHIR id names nothing here: missing, as an unknown one is. */
const readConfig = {
  inputRefusals: { params: { code: 'not_found', message: 'No resource has that id.' } },
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

      api.get(
        '/Patient/:id',
        { schema: read, config: readConfig, onRequest: noStore },
        async (request) => fhir.readPatient(await readerOf(request), request.params.id),
      );
      api.get(
        '/Patient/:id/$everything',
        { schema: read, config: readConfig, onRequest: noStore },
        async (request) => fhir.everything(await readerOf(request), request.params.id),
      );
      api.get(
        '/Patient',
        {
          schema: { querystring: patientSearchSchema, response: { 200: fhirResourceSchema } },
          onRequest: noStore,
        },
        async (request) => fhir.searchPatients(await readerOf(request), request.query),
      );

      api.get(
        '/Observation/:id',
        { schema: read, config: readConfig, onRequest: noStore },
        async (request) => fhir.readObservation(await readerOf(request), request.params.id),
      );
      api.get(
        '/Observation',
        {
          schema: { querystring: observationSearchSchema, response: { 200: fhirResourceSchema } },
          onRequest: noStore,
        },
        async (request) => fhir.searchObservations(await readerOf(request), request.query),
      );
      api.get(
        '/Practitioner/:id',
        { schema: read, config: readConfig, onRequest: noStore },
        async (request) => fhir.readPractitioner(await readerOf(request), request.params.id),
      );
      api.get(
        '/Practitioner',
        {
          schema: { querystring: practitionerSearchSchema, response: { 200: fhirResourceSchema } },
          onRequest: noStore,
        },
        async (request) => fhir.searchPractitioners(await readerOf(request), request.query),
      );

      api.get(
        '/Schedule/:id',
        { schema: read, config: readConfig, onRequest: noStore },
        async (request) => fhir.readSchedule(await readerOf(request), request.params.id),
      );
      api.get(
        '/Schedule',
        {
          schema: { querystring: scheduleSearchSchema, response: { 200: fhirResourceSchema } },
          onRequest: noStore,
        },
        async (request) => fhir.searchSchedules(await readerOf(request), request.query),
      );
      api.get(
        '/Slot/:id',
        { schema: read, config: readConfig, onRequest: noStore },
        async (request) => fhir.readSlot(await readerOf(request), request.params.id),
      );
      api.get(
        '/Slot',
        {
          schema: { querystring: slotSearchSchema, response: { 200: fhirResourceSchema } },
          onRequest: noStore,
        },
        async (request) => fhir.searchSlots(await readerOf(request), request.query),
      );
      api.get(
        '/AuditEvent/:id',
        { schema: read, config: readConfig, onRequest: noStore },
        async (request) => fhir.readAuditEvent(await readerOf(request), request.params.id),
      );
      api.get(
        '/AuditEvent',
        {
          schema: { querystring: auditEventSearchSchema, response: { 200: fhirResourceSchema } },
          onRequest: noStore,
        },
        async (request) => fhir.searchAuditEvents(await readerOf(request), request.query),
      );

      // The rest of the patient's record: each type read by id and searched by patient.
      for (const type of Object.keys(recordTypes) as RecordType[]) {
        api.get(
          `/${type}/:id`,
          { schema: read, config: readConfig, onRequest: noStore },
          async (request) => fhir.readRecord(await readerOf(request), type, request.params.id),
        );
        api.get(
          `/${type}`,
          {
            schema: { querystring: recordSearchSchema, response: { 200: fhirResourceSchema } },
            onRequest: noStore,
          },
          async (request) => fhir.searchRecord(await readerOf(request), type, request.query),
        );
      }
      done();
    },
    { prefix: fhirBasePath },
  );
}
