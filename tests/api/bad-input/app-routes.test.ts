import { describeBadInput, isFhirRoute } from './bad-input-property';

// The app's own API and the account routes; the FHIR API has a file of its own.
describeBadInput((entry) => !isFhirRoute(entry));
