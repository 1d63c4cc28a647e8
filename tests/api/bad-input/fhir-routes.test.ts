import { describeBadInput, isFhirRoute } from './bad-input-property';

// The FHIR API and its token endpoint.
describeBadInput(isFhirRoute);
