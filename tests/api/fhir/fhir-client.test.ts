import { randomUUID } from 'node:crypto';
import { MedplumClient } from '@medplum/core';
import type { CapabilityStatement, Observation } from 'fhir/r4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { person, type Person } from '../messaging/fixture';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * A FHIR client written elsewhere (Medplum's, from npm) reads the server as it would any
 * FHIR R4 server: the CapabilityStatement, then a patient's Observations page by page through
 * the Bundles' `next` links, signed in with a JWT from `/api/auth/token`.
 */
describe('a FHIR client nobody here wrote', () => {
  let server: TestServer;
  let sita: Person;
  const taken: string[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    sita = await person(server, 'patient', { first: 'Sita', last: 'Sharma' });
    for (let day = 1; day <= 5; day += 1) {
      const takenAt = new Date(Date.now() - day * 24 * 60 * 60_000).toISOString();
      taken.push(takenAt);
      const recorded = await sita.client.post(`/api/patients/${sita.id}/vitals`, {
        id: randomUUID(),
        takenAt,
        heartRate: 70 + day,
      });
      expect(recorded.status).toBe(201);
    }
  });
  afterAll(async () => {
    await server.close();
  });

  it("fetches metadata, searches a patient's Observations and follows next", async () => {
    const token = await sita.client.get<{ token: string }>('/api/auth/token');
    const medplum = new MedplumClient({
      baseUrl: `${server.url}/`,
      fhirUrlPath: 'fhir/R4/',
      fetch: (url: string, init?: RequestInit) => fetch(url, init),
    });
    medplum.setAccessToken(token.body.token);

    const capability = await medplum.get<CapabilityStatement>(medplum.fhirUrl('metadata'));
    expect(capability.resourceType).toBe('CapabilityStatement');
    expect(capability.rest?.[0]?.resource?.map((resource) => resource.type)).toContain(
      'Observation',
    );

    const pages: Observation[][] = [];
    for await (const page of medplum.searchResourcePages('Observation', {
      patient: `Patient/${sita.id}`,
      _count: '2',
    })) {
      pages.push([...page] as Observation[]);
    }
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    const effective = pages.flat().map((observation) => observation.effectiveDateTime);
    expect(effective).toEqual(taken);
    expect(pages.flat().map((observation) => observation.valueQuantity?.value)).toEqual([
      71, 72, 73, 74, 75,
    ]);
  });
});
