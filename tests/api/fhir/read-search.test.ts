import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bundle, CapabilityStatement, Observation, OperationOutcome, Patient } from 'fhir/r4';
import { Client, type Answer } from '../auth/client';
import { person, type Person } from '../messaging/fixture';
import { expectValidFhir } from '../support/fhir-validation';
import { databaseVariants, startTestServer, type TestServer } from '../support/test-server';

const hour = 60 * 60_000;

/** Sita's readings: when each was taken, newest last, and what it measured. */
const readings = [
  { hoursAgo: 72, heartRate: 70 },
  { hoursAgo: 50, heartRate: 74, systolic: 120, diastolic: 80 },
  { hoursAgo: 26, oxygenSaturation: 97, weight: 64.2 },
  { hoursAgo: 2, heartRate: 72, systolic: 118, diastolic: 76 },
];
/** How many observations they make: one per measure, the blood pressure one panel. */
const observationCount = 1 + 2 + 2 + 2;

function expectOutcome(answer: Answer, status: number, code: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
  const outcome = answer.body as OperationOutcome;
  expectValidFhir(outcome);
  expect(outcome.issue[0]?.code).toBe(code);
}

describe.each(databaseVariants)('the FHIR R4 API on the $name database', (variant) => {
  let server: TestServer;
  let sita: Person;
  let gita: Person;
  let doctor: Person;
  let stranger: Person;
  let son: Person;

  /** All pages of a search, following `next` links as a client does; and each page. */
  async function allPages(client: Client, path: string): Promise<Bundle[]> {
    const pages: Bundle[] = [];
    let next: string | undefined = path;
    while (next !== undefined) {
      const answer: Answer<Bundle> = await client.get<Bundle>(next.replace(server.url, ''));
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      pages.push(answer.body);
      next = answer.body.link?.find((link) => link.relation === 'next')?.url;
    }
    return pages;
  }

  beforeAll(async () => {
    server = await startTestServer({ variant });
    sita = await person(server, 'patient', { first: 'Sita', last: 'Sharma' });
    gita = await person(server, 'patient', { first: 'Gita', last: 'Rai' });
    doctor = await person(server, 'doctor', { first: 'Ram', last: 'Thapa' });
    stranger = await person(server, 'doctor', { first: 'Hari', last: 'Karki' });
    son = await person(server, 'patient', { first: 'Mohan', last: 'Sharma' });
    for (const { hoursAgo, ...values } of readings) {
      const recorded = await sita.client.post(`/api/patients/${sita.id}/vitals`, {
        id: randomUUID(),
        takenAt: new Date(Date.now() - hoursAgo * hour).toISOString(),
        ...values,
      });
      expect(recorded.status).toBe(201);
    }
    await gita.client.post(`/api/patients/${gita.id}/vitals`, { id: randomUUID(), heartRate: 90 });
    // Her doctor answered in her care-team conversation: he cares for her.
    const care = await sita.client.post<{ conversation: { id: string } }>(
      '/api/messaging/care-team',
    );
    const answered = await doctor.client.post(
      `/api/messaging/conversations/${care.body.conversation.id}/messages`,
      { id: randomUUID(), content: 'Namaste' },
    );
    expect(answered.status).toBe(201);
    // Her son may see her record.
    await sql`insert into care_grants (id, patient_id, caregiver_id, relationship, may_record,
        may_message, may_visits)
      values (${randomUUID()}, ${sita.id}, ${son.id}, 'son', true, false, false)`.execute(
      server.database.db,
    );
  });
  afterAll(async () => {
    await server.close();
  });

  it('states exactly what it serves in its CapabilityStatement, as FHIR JSON', async () => {
    const answer = await new Client(server.url).get<CapabilityStatement>('/fhir/R4/metadata');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
    expectValidFhir(answer.body);
    expect(answer.body.fhirVersion).toBe('4.0.1');
    const served = answer.body.rest?.[0]?.resource ?? [];
    const admin = await person(server, 'superadmin', { first: 'Anita' });
    expect(served.map((resource) => resource.type)).toEqual([
      'Patient',
      'Practitioner',
      'Observation',
      'Encounter',
      'MedicationRequest',
      'MedicationAdministration',
      'Appointment',
      'Communication',
      'DocumentReference',
      'RelatedPerson',
      'Consent',
      'Schedule',
      'Slot',
      'AuditEvent',
    ]);
    for (const resource of served) {
      expect(resource.interaction?.map((one) => one.code)).toEqual(['read', 'search-type']);
      // Each type it lists is searched with each parameter it lists.
      const query = (resource.searchParam ?? [])
        .filter((param) => param.type === 'date')
        .map((param) => `${param.name}=ge2020`)
        // A slot is searched within its schedule.
        .concat(resource.type === 'Slot' ? ['schedule=Schedule/nobody'] : [])
        .join('&');
      // The trail is the super administrator's.
      const reader = resource.type === 'AuditEvent' ? admin : sita;
      const searched = await reader.client.get<Bundle>(`/fhir/R4/${resource.type}?${query}`);
      expect(searched.status, `${resource.type}?${query}`).toBe(200);
      expect(searched.body.resourceType).toBe('Bundle');
    }
    expect(
      served.find((resource) => resource.type === 'Observation')?.searchParam?.map((p) => p.name),
    ).toEqual([
      'patient',
      'subject',
      'code',
      'date',
      'status',
      'category',
      '_lastUpdated',
      '_count',
    ]);
  });

  it('reads a patient to herself and her doctor, and to anyone else is missing', async () => {
    const own = await sita.client.get<Patient>(`/fhir/R4/Patient/${sita.id}`);
    expect(own.status).toBe(200);
    expectValidFhir(own.body);
    expect(own.body).toMatchObject({
      resourceType: 'Patient',
      id: sita.id,
      name: [{ family: 'Sharma', given: ['Sita'] }],
    });
    expect((await doctor.client.get<Patient>(`/fhir/R4/Patient/${sita.id}`)).status).toBe(200);
    const trail = await sql<{ n: number }>`select count(*)::int as n from audit_events
      where type = 'patient-read' and agent_id = ${doctor.id} and subject_id = ${sita.id}
        and detail->>'via' = 'fhir'`.execute(server.database.db);
    expect(trail.rows[0]?.n).toBe(1);
    expectOutcome(await stranger.client.get(`/fhir/R4/Patient/${sita.id}`), 404, 'not-found');
    expectOutcome(await gita.client.get(`/fhir/R4/Patient/${sita.id}`), 404, 'not-found');
    expectOutcome(await sita.client.get(`/fhir/R4/Patient/${doctor.id}`), 404, 'not-found');
    // A search finds the same: herself, or the patients in the doctor's care.
    const found = await sita.client.get<Bundle>('/fhir/R4/Patient');
    expectValidFhir(found.body);
    expect(found.body.entry?.map((entry) => entry.resource?.id)).toEqual([sita.id]);
    const cared = await doctor.client.get<Bundle>(`/fhir/R4/Patient?_id=${sita.id},${gita.id}`);
    expect(cared.body.entry?.map((entry) => entry.resource?.id)).toEqual([sita.id]);
  });

  it("searches a patient's vitals as LOINC-coded Observations in UCUM, newest first", async () => {
    const answer = await sita.client.get<Bundle>(`/fhir/R4/Observation?patient=Patient/${sita.id}`);
    expect(answer.status).toBe(200);
    expectValidFhir(answer.body);
    const found = (answer.body.entry ?? []).map((entry) => entry.resource as Observation);
    expect(found).toHaveLength(observationCount);
    for (const observation of found) expectValidFhir(observation);
    const taken = found.map((observation) => Date.parse(observation.effectiveDateTime ?? ''));
    expect([...taken].sort((a, b) => b - a)).toEqual(taken);
    const heart = found.find((one) => one.code.coding?.[0]?.code === '8867-4');
    expect(heart).toMatchObject({
      status: 'final',
      subject: { reference: `Patient/${sita.id}` },
      code: { coding: [{ system: 'http://loinc.org', code: '8867-4' }] },
      valueQuantity: { value: 72, unit: '/min', system: 'http://unitsofmeasure.org', code: '/min' },
    });
    const pressure = found.find((one) => one.code.coding?.[0]?.code === '85354-9');
    expect(pressure?.component?.map((part) => part.code.coding?.[0]?.code)).toEqual([
      '8480-6',
      '8462-4',
    ]);
    expect(pressure?.component?.[0]?.valueQuantity).toMatchObject({ value: 118, code: 'mm[Hg]' });
    // The same ids on every read.
    const again = await sita.client.get<Observation>(`/fhir/R4/Observation/${heart?.id ?? ''}`);
    expectValidFhir(again.body);
    expect(again.body).toEqual(heart);
  });

  it('filters by code, date with prefixes, status, category and _lastUpdated', async () => {
    const ids = async (query: string) => {
      const answer = await sita.client.get<Bundle>(
        `/fhir/R4/Observation?subject=Patient/${sita.id}&${query}`,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return (answer.body.entry ?? []).map((entry) => entry.resource as Observation);
    };
    const hearts = await ids('code=http://loinc.org|8867-4');
    expect(hearts.map((one) => one.valueQuantity?.value)).toEqual([72, 74, 70]);
    expect(await ids('code=8867-4,29463-7')).toHaveLength(4);
    expect(await ids('code=http://snomed.info/sct|8867-4')).toEqual([]);
    const since = new Date(Date.now() - 30 * hour).toISOString();
    expect(await ids(`date=ge${encodeURIComponent(since)}`)).toHaveLength(4);
    expect(await ids(`date=lt${encodeURIComponent(since)}`)).toHaveLength(3);
    const before = new Date(Date.now() - 60 * hour).toISOString();
    expect(
      await ids(`date=ge${encodeURIComponent(before)}&date=le${encodeURIComponent(since)}`),
    ).toHaveLength(2);
    expect(await ids('status=final&category=vital-signs')).toHaveLength(observationCount);
    expect(await ids('status=preliminary')).toEqual([]);
    expect(await ids('category=laboratory')).toEqual([]);
    expect(await ids(`_lastUpdated=ge${new Date(Date.now() - hour).getFullYear()}`)).toHaveLength(
      observationCount,
    );
  });

  it('pages with _count through next links, each entry once', async () => {
    const pages = await allPages(sita.client, `/fhir/R4/Observation?patient=${sita.id}&_count=2`);
    expect(pages).toHaveLength(Math.ceil(observationCount / 2));
    for (const page of pages) {
      expectValidFhir(page);
      expect(page.entry?.length).toBeLessThanOrEqual(2);
      expect(page.link?.find((link) => link.relation === 'next')?.url ?? server.url).toMatch(
        new RegExp(`^${server.url}`),
      );
    }
    const ids = pages.flatMap((page) => page.entry?.map((entry) => entry.resource?.id) ?? []);
    expect(new Set(ids).size).toBe(observationCount);
  });

  it('answers bad parameters, unknown types and no sign-in with an OperationOutcome', async () => {
    const base = `/fhir/R4/Observation?patient=${sita.id}`;
    expectOutcome(await sita.client.get(`${base}&date=yesterday`), 400, 'invalid');
    expectOutcome(await sita.client.get(`${base}&date=ge2025-13-40`), 400, 'invalid');
    expectOutcome(await sita.client.get(`${base}&_count=0`), 400, 'invalid');
    expectOutcome(await sita.client.get(`${base}&_count=ten`), 400, 'invalid');
    expectOutcome(await sita.client.get(`${base}&_cursor=bm90IG91cnM`), 400, 'invalid');
    expectOutcome(
      await sita.client.get(`/fhir/R4/Observation?patient=Practitioner/${doctor.id}`),
      400,
      'invalid',
    );
    expectOutcome(await sita.client.get('/fhir/R4/Encounterz'), 404, 'not-found');
    expectOutcome(await sita.client.get('/fhir/R4/Observation/not-a-known-id'), 404, 'not-found');
    expectOutcome(await sita.client.get('/fhir/R4/Patient/has a space'), 404, 'not-found');
    expectOutcome(await new Client(server.url).get(base), 401, 'login');
  });

  it("keeps another patient's Observations from a patient and a doctor who does not care for her", async () => {
    const gitas = await gita.client.get<Bundle>(`/fhir/R4/Observation?patient=${gita.id}`);
    const id = gitas.body.entry?.[0]?.resource?.id ?? '';
    expectOutcome(await sita.client.get(`/fhir/R4/Observation/${id}`), 404, 'not-found');
    expectOutcome(await stranger.client.get(`/fhir/R4/Observation/${id}`), 404, 'not-found');
    const searched = await sita.client.get<Bundle>(`/fhir/R4/Observation?patient=${gita.id}`);
    expect(searched.body.entry ?? []).toEqual([]);
    // Unnamed, a search is what the caller may see: her own, or her doctor's patients'.
    const own = await sita.client.get<Bundle>('/fhir/R4/Observation?_count=100');
    expect(own.body.entry).toHaveLength(observationCount);
    const doctors = await doctor.client.get<Bundle>('/fhir/R4/Observation?_count=100');
    expect(
      new Set(
        doctors.body.entry?.map((entry) => (entry.resource as Observation).subject?.reference),
      ),
    ).toEqual(new Set([`Patient/${sita.id}`]));
  });

  it('lets a son she granted her record read it, recorded with both of them', async () => {
    const answer = await son.client.get<Bundle>(`/fhir/R4/Observation?patient=${sita.id}`);
    expect(answer.body.entry).toHaveLength(observationCount);
    const trail = await sql<{ on_behalf_of: string | null }>`select on_behalf_of from audit_events
      where type = 'observation-read' and agent_id = ${son.id}`.execute(server.database.db);
    expect(trail.rows).toHaveLength(observationCount);
    expect(trail.rows.every((row) => row.on_behalf_of === sita.id)).toBe(true);
  });

  it('takes a JWT from /api/auth/token as other clients send it', async () => {
    const token = await sita.client.get<{ token: string }>('/api/auth/token');
    expect(token.status).toBe(200);
    const bearer = new Client(server.url, { authorization: `Bearer ${token.body.token}` });
    const answer = await bearer.get<Bundle>(`/fhir/R4/Observation?patient=${sita.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.entry).toHaveLength(observationCount);
  });
});
