/**
 * Where the FHIR R4 API lives and the type it answers in: what the web app needs of it,
 * without the schemas (`fhir.ts`) and the validation library they bring.
 */

/** The API's base path. */
export const fhirBasePath = '/fhir/R4';

/** The FHIR media type, for JSON. */
export const fhirJsonType = 'application/fhir+json';
