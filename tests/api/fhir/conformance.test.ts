import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Bundle,
  Consent,
  FhirResource,
  Observation,
  OperationOutcome,
  RelatedPerson,
} from 'fhir/r4';
import { actingForHeader } from '@shared/care-permissions';
import { recordTypes } from '@shared/fhir';
import { demoPassword, seedDemoUsers } from '../../../server/src/auth/demo-users';
import { profilesRepository } from '../../../server/src/profiles/profiles-repository';
import { Client, type Answer } from '../auth/client';
import { person } from '../messaging/fixture';
import { expectConformant } from '../support/fhir-conformance';
import { databaseVariants, startTestServer, type TestServer } from '../support/test-server';

const resourcesOf = (bundle: Bundle): FhirResource[] =>
  (bundle.entry ?? []).flatMap((entry) => (entry.resource ? [entry.resource as FhirResource] : []));

const vitalSignsProfile = 'http://hl7.org/fhir/StructureDefinition/vitalsigns';

/**
 * Every resource the FHIR API serves, as the demo patient, a dependent (read by her guardian)
 * and a caregiver (their own record, and the patient's they read) get it, passes a FHIR R4
 * validator that is not the one the other tests use: HL7's JSON schema, the official
 * StructureDefinitions with every invariant evaluated in FHIRPath, and the vital-signs
 * profiles the Observations declare. And the API answers as the FHIR and OAuth specifications
 * say when a request is not one it serves.
 */
describe.each(databaseVariants)('FHIR R4 conformance on the $name database', (variant) => {
  let server: TestServer;
  let sita: { id: string; client: Client };
  let doctorId: string;
  let admin: Client;
  let mohan: { id: string; client: Client };
  let mayaId: string;

  async function signedIn(email: string) {
    const client = new Client(server.url);
    const answer = await client.post('/api/auth/sign-in/email', { email, password: demoPassword });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const me = await client.get<{ user: { id: string } }>('/api/me');
    return { id: me.body.user.id, client };
  }

  function actingFor(who: Client, patientId: string): Client {
    const client = new Client(server.url, { [actingForHeader]: patientId });
    who.cookies.forEach((value, name) => client.cookies.set(name, value));
    return client;
  }

  const fullReading = () => ({
    id: randomUUID(),
    heartRate: 74,
    oxygenSaturation: 97,
    weight: 61.5,
    systolic: 121,
    diastolic: 79,
  });

  beforeAll(async () => {
    server = await startTestServer({ variant });
    const { db } = server.database;
    await seedDemoUsers(server.auth, db, profilesRepository(db));
    sita = await signedIn('patient@example.com');
    doctorId = (await signedIn('doctor@example.com')).id;
    admin = (await signedIn('superadmin@example.com')).client;
    await sql`update profiles set gender = 'female' where id = ${sita.id}`.execute(db);
    const base = `/api/patients/${sita.id}`;
    expect((await sita.client.post(`${base}/vitals`, fullReading())).status).toBe(201);

    // Her daughter, in her care, with a reading of her own.
    const added = await sita.client.post<{ id: string }>('/api/care-circle/dependents', {
      profile: { first_name: 'Maya', last_name: 'Sharma', age: '6', date_system: 'ad' },
      relationship: 'daughter',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    mayaId = added.body.id;
    const forMaya = actingFor(sita.client, mayaId);
    expect((await forMaya.post(`/api/patients/${mayaId}/vitals`, fullReading())).status).toBe(201);

    // Her son, who may see her record, and has his own.
    const son = await person(server, 'patient', { first: 'Mohan', last: 'Sharma' });
    mohan = { id: son.id, client: son.client };
    await sql`update profiles set gender = 'male' where id = ${son.id}`.execute(db);
    await sql`insert into care_grants (id, patient_id, caregiver_id, relationship, may_record,
        may_message, may_visits)
      values (${randomUUID()}, ${sita.id}, ${son.id}, 'son', true, false, false)`.execute(db);
    const own = `/api/patients/${son.id}/vitals`;
    expect((await son.client.post(own, fullReading())).status).toBe(201);
    // Seeding the demo accounts hashes their password: slow on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await server.close();
  });

  /** What a reader reads of one patient: `$everything`, and a search of each type. */
  function pathsAbout(patientId: string): string[] {
    return [
      '/fhir/R4/metadata',
      `/fhir/R4/Patient/${patientId}`,
      `/fhir/R4/Patient/${patientId}/$everything`,
      `/fhir/R4/Patient?_id=${patientId}`,
      `/fhir/R4/Observation?patient=${patientId}`,
      ...Object.keys(recordTypes).map((type) => `/fhir/R4/${type}?patient=${patientId}`),
      '/fhir/R4/Practitioner',
      '/fhir/R4/Schedule',
      `/fhir/R4/Slot?schedule=Schedule/${doctorId}&_count=5`,
    ];
  }

  /** Reads every path, and has each answer and every resource in it checked. */
  async function readAll(client: Client, paths: string[]): Promise<FhirResource[]> {
    const read: FhirResource[] = [];
    for (const path of paths) {
      const answer = await client.get<FhirResource>(path);
      expect(answer.status, `${path}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBe(200);
      expectConformant(answer.body);
      read.push(
        ...(answer.body.resourceType === 'Bundle' ? resourcesOf(answer.body) : [answer.body]),
      );
    }
    return read;
  }

  const observationsIn = (resources: FhirResource[]) =>
    resources.filter((one): one is Observation => one.resourceType === 'Observation');

  it("passes for the demo patient's whole record and every search of it", async () => {
    const read = await readAll(sita.client, pathsAbout(sita.id));
    const types = new Set(read.map((one) => one.resourceType));
    for (const type of [
      'Patient',
      'Observation',
      'MedicationRequest',
      'RelatedPerson',
      'Consent',
    ]) {
      expect(types, type).toContain(type);
    }
    // The audit trail is the super administrator's to read.
    await readAll(admin, [`/fhir/R4/AuditEvent?patient=Patient/${sita.id}`]);
  });

  it('passes for a dependent, read by her guardian', async () => {
    const read = await readAll(actingFor(sita.client, mayaId), pathsAbout(mayaId));
    expect(observationsIn(read).length).toBeGreaterThan(0);
  });

  it("passes for a caregiver's own record and for what they read of the patient's", async () => {
    const own = await readAll(mohan.client, pathsAbout(mohan.id));
    expect(observationsIn(own).length).toBeGreaterThan(0);
    const hers = await readAll(actingFor(mohan.client, sita.id), pathsAbout(sita.id));
    expect(observationsIn(hers).length).toBeGreaterThan(0);
  });

  it('declares the vital-signs profiles and codes oxygen saturation as they require', async () => {
    const answer = await sita.client.get<Bundle>(`/fhir/R4/Observation?patient=${sita.id}`);
    const observations = observationsIn(resourcesOf(answer.body));
    const profiles = new Map(
      observations.map((one) => [one.code.coding?.[0]?.code, one.meta?.profile ?? []]),
    );
    const specific = (name: string) => [
      vitalSignsProfile,
      `http://hl7.org/fhir/StructureDefinition/${name}`,
    ];
    expect(Object.fromEntries(profiles)).toEqual({
      '8867-4': specific('heartrate'),
      '2708-6': specific('oxygensat'),
      '29463-7': specific('bodyweight'),
      '85354-9': specific('bp'),
    });
    const oxygen = observations.find((one) => one.code.coding?.[0]?.code === '2708-6');
    expect(oxygen?.code.coding?.map((coding) => coding.code)).toEqual(['2708-6', '59408-5']);
    // Either code finds it.
    for (const code of ['2708-6', '59408-5']) {
      const found = await sita.client.get<Bundle>(
        `/fhir/R4/Observation?patient=${sita.id}&code=http://loinc.org|${code}`,
      );
      expect(observationsIn(resourcesOf(found.body)).map((one) => one.id)).toContain(oxygen?.id);
    }
  });

  it('codes each RelatedPerson as what they are to the patient, and each Consent with its rule', async () => {
    const mother = await actingFor(sita.client, mayaId).get<Bundle>(
      `/fhir/R4/RelatedPerson?patient=${mayaId}`,
    );
    const guardians = resourcesOf(mother.body) as RelatedPerson[];
    expect(
      guardians.map((one) => one.relationship?.map((concept) => concept.coding?.[0]?.code)),
    ).toEqual([['MTH', 'GUARD']]);
    const son = await sita.client.get<Bundle>(`/fhir/R4/RelatedPerson?patient=${sita.id}`);
    expect(
      (resourcesOf(son.body) as RelatedPerson[]).map((one) =>
        one.relationship?.map((concept) => concept.coding?.[0]?.code),
      ),
    ).toEqual([['SONC']]);
    const consents = await sita.client.get<Bundle>(`/fhir/R4/Consent?patient=${sita.id}`);
    for (const consent of resourcesOf(consents.body) as Consent[]) {
      expect(consent.policyRule?.coding?.[0]).toMatchObject({ code: 'OPTIN' });
    }
  });

  function expectOutcome(answer: Answer, status: number, code: string) {
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(answer.headers.get('content-type')).toContain('application/fhir+json');
    expectConformant(answer.body);
    expect((answer.body as OperationOutcome).issue[0]?.code).toBe(code);
  }

  it('challenges a request without a valid token with WWW-Authenticate: Bearer', async () => {
    const none = await new Client(server.url).get(`/fhir/R4/Patient/${sita.id}`);
    expectOutcome(none, 401, 'login');
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer realm="[^"]+"$/);
    for (const token of ['not-a-token', 'sys_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
      const bad = await new Client(server.url).get(`/fhir/R4/Patient/${sita.id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expectOutcome(bad, 401, 'login');
      expect(bad.headers.get('www-authenticate'), token).toMatch(
        /^Bearer realm="[^"]+", error="invalid_token"/,
      );
    }
  });

  it('answers 405 with Allow to a method the server does not take on a FHIR path', async () => {
    for (const [method, path] of [
      ['POST', '/fhir/R4/Patient'],
      ['PUT', `/fhir/R4/Patient/${sita.id}`],
      ['DELETE', `/fhir/R4/Observation/${randomUUID()}`],
      ['PATCH', `/fhir/R4/Consent/${randomUUID()}`],
      ['POST', '/fhir/R4/metadata'],
      ['POST', `/fhir/R4/Patient/${sita.id}/$everything`],
    ] as const) {
      const answer = await sita.client.call(method, path, { resourceType: 'Patient' });
      expectOutcome(answer, 405, 'not-supported');
      expect(answer.headers.get('allow'), `${method} ${path}`).toBe('GET, HEAD');
    }
    // A path the API does not serve at all is still not found.
    expectOutcome(await sita.client.call('POST', '/fhir/R4/Basic', {}), 404, 'not-found');
  });

  it('answers 406 to a client that takes only XML, and JSON to any that takes it', async () => {
    const path = `/fhir/R4/Patient/${sita.id}`;
    for (const accept of [
      'application/fhir+xml',
      'application/xml',
      'application/fhir+xml;q=1, application/json;q=0',
    ]) {
      expectOutcome(await sita.client.get(path, { headers: { accept } }), 406, 'not-supported');
    }
    expectOutcome(await sita.client.get(`${path}?_format=xml`), 406, 'not-supported');
    for (const accept of [
      'application/fhir+json',
      'application/json',
      'application/fhir+xml, application/fhir+json;q=0.5',
      '*/*',
      'application/*',
    ]) {
      expect((await sita.client.get(path, { headers: { accept } })).status, accept).toBe(200);
    }
    expect((await sita.client.get(`${path}?_format=json`)).status).toBe(200);
  });

  it('refuses a parameter it does not read under Prefer: handling=strict, and lists it otherwise', async () => {
    const path = `/fhir/R4/Observation?patient=${sita.id}&name=Sita&code:text=pulse&_count=5`;
    expectOutcome(
      await sita.client.get(path, { headers: { prefer: 'handling=strict' } }),
      400,
      'invalid',
    );
    for (const prefer of [undefined, 'handling=lenient']) {
      const answer = await sita.client.get<Bundle>(path, {
        headers: prefer ? { prefer } : {},
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expectConformant(answer.body);
      const outcomes = (answer.body.entry ?? []).filter(
        (entry) => entry.search?.mode === 'outcome',
      );
      expect(outcomes).toHaveLength(1);
      const outcome = outcomes[0]?.resource as OperationOutcome;
      expect(outcome.issue.map((issue) => issue.diagnostics).join(' ')).toMatch(/name.*code:text/);
      expect(outcome.issue[0]).toMatchObject({ severity: 'warning', code: 'not-supported' });
      const self = answer.body.link?.find((link) => link.relation === 'self')?.url ?? '';
      expect(self).toContain(`patient=${sita.id}`);
      expect(self).not.toContain('name=');
      expect(self).not.toContain('code%3Atext');
      // The matches are as if the parameters had not been sent.
      expect(observationsIn(resourcesOf(answer.body)).length).toBeGreaterThan(0);
    }
    // A parameter of another type's is one this type does not read, either.
    expectOutcome(
      await sita.client.get(`/fhir/R4/Encounter?authoredon=2026`, {
        headers: { prefer: 'handling=strict' },
      }),
      400,
      'invalid',
    );
    // Every parameter read: nothing to say.
    const plain = await sita.client.get<Bundle>(`/fhir/R4/Observation?patient=${sita.id}`, {
      headers: { prefer: 'handling=strict' },
    });
    expect(plain.status).toBe(200);
    expect(plain.body.entry?.some((entry) => entry.search?.mode === 'outcome')).toBe(false);
  });
});
