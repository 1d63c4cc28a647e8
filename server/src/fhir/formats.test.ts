import { describe, expect, it } from 'vitest';
import { takesJson } from './formats';

describe('what a FHIR client takes', () => {
  it('takes JSON when it says nothing, or names JSON or a range holding it', () => {
    for (const accept of [
      undefined,
      '',
      'application/fhir+json',
      'application/json',
      'application/fhir+json; charset=utf-8',
      '*/*',
      'application/*',
      'application/fhir+xml, application/fhir+json;q=0.5',
      'text/html, */*;q=0.1',
    ]) {
      expect(takesJson(accept, null), String(accept)).toBe(true);
    }
  });

  it('does not when it names only XML, or weighs JSON at nothing', () => {
    for (const accept of [
      'application/fhir+xml',
      'application/xml',
      'text/html',
      'application/fhir+xml;q=1, application/json;q=0, application/fhir+json;q=0',
      '*/*;q=0',
      'application/*, application/json;q=0, application/fhir+json;q=0, application/json+fhir;q=0',
    ]) {
      expect(takesJson(accept, null), accept).toBe(false);
    }
  });

  it('reads _format over Accept', () => {
    expect(takesJson('application/fhir+json', 'xml')).toBe(false);
    expect(takesJson('application/fhir+xml', 'json')).toBe(true);
    expect(takesJson(undefined, 'application/fhir+json')).toBe(true);
    expect(takesJson(undefined, 'text/xml')).toBe(false);
  });
});
