import {
  fhirBasePath,
  fhirReadParamsSchema,
  fhirResourceSchema,
  observationSearchSchema,
  patientSearchSchema,
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
      done();
    },
    { prefix: fhirBasePath },
  );
}
