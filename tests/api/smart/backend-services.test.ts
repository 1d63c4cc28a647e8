import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AuditEvent,
  Bundle,
  CapabilityStatement,
  Observation,
  OperationOutcome,
} from 'fhir/r4';
import type { AuditPage } from '@shared/audit';
import type { SmartClient, SmartClientList } from '@shared/smart-clients';
import { smartTokensRepository } from '../../../server/src/smart/smart-tokens-repository';
import { Client, type Answer } from '../auth/client';
import { person, type Person } from '../messaging/fixture';
import { expectValidFhir } from '../support/fhir-validation';
import { databaseVariants, startTestServer, type TestServer } from '../support/test-server';
import {
  assertion,
  requestToken,
  systemKey,
  tokenForm,
  tokenUrlOf,
  type SystemKey,
  type TokenAnswer,
} from './fixture';

let address = 0;
/** Each request from an address of its own: the token endpoint counts requests per address. */
const fresh = () => {
  address += 1;
  return { 'x-forwarded-for': `10.88.${(address >> 8) & 255}.${address & 255}` };
};

function expectOAuthError(answer: TokenAnswer, status: number, error: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  expect(answer.headers.get('cache-control')).toBe('no-store');
  expect(answer.body).toEqual({ error, error_description: expect.any(String) as string });
}

function expectOutcome(answer: Answer, status: number, code: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
  expectValidFhir(answer.body);
  expect((answer.body as OperationOutcome).issue[0]?.code).toBe(code);
}

describe.each(databaseVariants)('SMART Backend Services on the $name database', (variant) => {
  let server: TestServer;
  let superadmin: Person;
  let doctor: Person;
  let sita: Person;
  let gita: Person;
  let rsaKey: SystemKey;
  let ecKey: SystemKey;
  /** A lab registered for Observations, signing with RS384; a hospital with ES384. */
  let lab: SmartClient;
  let hospital: SmartClient;

  /** Every line the server logged, and every assertion and token it was given or gave. */
  const logLines: string[] = [];
  const secrets: string[] = [];
  const tokenFor = async (client: SmartClient, key: SystemKey, scope: string) => {
    const signed = await assertion(server.url, client.id, key);
    const answer = await requestToken(server.url, tokenForm(signed, scope), fresh());
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const token = answer.body.access_token as string;
    secrets.push(signed, token);
    return token;
  };
  const bearer = (token: string) =>
    new Client(server.url, { authorization: `Bearer ${token}`, ...fresh() });
  const register = (body: unknown) =>
    superadmin.client.post<SmartClient>('/api/smart-clients', body);
  const trailOf = async (clientId: string, type: string) =>
    (
      await sql<{
        agent_id: string | null;
        agent_role: string | null;
        outcome: string;
        entity_id: string | null;
        subject_id: string | null;
        detail: Record<string, unknown>;
      }>`select agent_id, agent_role, outcome, entity_id, subject_id, detail from audit_events
        where type = ${type} and detail->>'smartClient' = ${clientId} order by id`.execute(
        server.database.db,
      )
    ).rows;

  beforeAll(async () => {
    server = await startTestServer({
      variant,
      env: { TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'info' },
      logDestination: { write: (line) => void logLines.push(line) },
    });
    superadmin = await person(server, 'superadmin', { first: 'Asha' });
    doctor = await person(server, 'doctor', { first: 'Ram', last: 'Thapa' });
    sita = await person(server, 'patient', { first: 'Sita', last: 'Sharma' });
    gita = await person(server, 'patient', { first: 'Gita', last: 'Rai' });
    for (const patient of [sita, gita]) {
      const recorded = await patient.client.post(`/api/patients/${patient.id}/vitals`, {
        id: randomUUID(),
        heartRate: 70,
        systolic: 120,
        diastolic: 80,
      });
      expect(recorded.status).toBe(201);
    }
    [rsaKey, ecKey] = await Promise.all([systemKey('RS384'), systemKey('ES384')]);
    const registered = await register({
      name: 'Valley Lab',
      jwks: { keys: [rsaKey.publicJwk] },
      scopes: ['system/Observation.rs'],
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    lab = registered.body;
    hospital = (
      await register({
        name: 'Valley Hospital',
        jwks: { keys: [ecKey.publicJwk] },
        scopes: ['system/Observation.read'],
      })
    ).body;
  });
  afterAll(async () => {
    await server.close();
  });

  it('says where and how to get a token: the SMART configuration and the CapabilityStatement', async () => {
    const tokenUrl = tokenUrlOf(server.url);
    const found = await new Client(server.url).get<Record<string, unknown>>(
      '/fhir/R4/.well-known/smart-configuration',
    );
    expect(found.status).toBe(200);
    expect(found.headers.get('content-type')).toMatch(/^application\/json/);
    expect(found.body).toEqual({
      token_endpoint: tokenUrl,
      token_endpoint_auth_methods_supported: ['private_key_jwt'],
      token_endpoint_auth_signing_alg_values_supported: ['RS384', 'ES384'],
      grant_types_supported: ['client_credentials'],
      scopes_supported: expect.arrayContaining([
        'system/*.rs',
        'system/Patient.rs',
        'system/Observation.rs',
        'system/Observation.read',
      ]) as string[],
      // Both spellings of a scope are granted: SMART v1's `.read` and v2's `.rs`.
      capabilities: ['client-confidential-asymmetric', 'permission-v1', 'permission-v2'],
    });
    const metadata = await new Client(server.url).get<CapabilityStatement>('/fhir/R4/metadata');
    expectValidFhir(metadata.body);
    const security = metadata.body.rest?.[0]?.security;
    expect(security?.service?.[0]?.coding?.[0]?.code).toBe('SMART-on-FHIR');
    expect(security?.extension).toEqual([
      {
        url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
        extension: [{ url: 'token', valueUri: tokenUrl }],
      },
    ]);
  });

  it('registers a system for the superadmin alone, with its public keys and scopes, audited', async () => {
    expect(lab).toMatchObject({
      name: 'Valley Lab',
      scopes: ['system/Observation.rs'],
      createdBy: superadmin.id,
    });
    // Only the public members are kept.
    const { kty, n, e, kid } = rsaKey.publicJwk;
    expect(lab.jwks.keys).toEqual([{ kty, n, e, kid, alg: 'RS384', use: 'sig' }]);
    const list = await superadmin.client.get<SmartClientList>('/api/smart-clients');
    expect(list.body.clients.map((client) => client.id)).toEqual(
      expect.arrayContaining([lab.id, hospital.id]),
    );
    const body = { name: 'Nobody’s', jwks: { keys: [rsaKey.publicJwk] }, scopes: ['system/*.rs'] };
    expect((await doctor.client.post('/api/smart-clients', body)).status).toBe(403);
    expect((await sita.client.get('/api/smart-clients')).status).toBe(403);
    expect((await new Client(server.url).post('/api/smart-clients', body)).status).toBe(401);
    const trail = await sql<{ agent_id: string; entity_id: string }>`select agent_id, entity_id
      from audit_events where type = 'smart-client-registered' order by id`.execute(
      server.database.db,
    );
    expect(trail.rows).toEqual([
      { agent_id: superadmin.id, entity_id: lab.id },
      { agent_id: superadmin.id, entity_id: hospital.id },
    ]);
  });

  it('refuses keys that cannot verify an RS384 or ES384 signature, private keys, and unknown scopes', async () => {
    const refused = async (jwks: unknown, scopes: unknown, words: RegExp) => {
      const answer = await register({ name: 'Refused Lab', jwks, scopes });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect((answer.body as unknown as { error: { message: string } }).error.message).toMatch(
        words,
      );
    };
    const observations = ['system/Observation.rs'];
    await refused({ keys: [rsaKey.privateJwk] }, observations, /private parts/);
    await refused({ keys: [ecKey.privateJwk] }, observations, /private parts/);
    await refused({ keys: [{ kty: 'oct', kid: 'x', k: 'c2VjcmV0' }] }, observations, /private/);
    await refused({ keys: [{ ...rsaKey.publicJwk, alg: 'RS256' }] }, observations, /RS384/);
    await refused({ keys: [{ ...rsaKey.publicJwk, use: 'enc' }] }, observations, /RS384/);
    const p256 = await systemKeyOnCurve();
    await refused({ keys: [p256] }, observations, /ES384/);
    await refused(
      { keys: [{ ...rsaKey.publicJwk, n: 'AQAB' }] },
      observations,
      /2048 to 8192 bits/,
    );
    await refused(
      { keys: [{ kty: 'EC', kid: 'y', crv: 'P-384', x: 'AA', y: 'AA' }] },
      observations,
      /ES384/,
    );
    await refused({ keys: [] }, observations, /JWK Set/);
    await refused({ keys: [{ ...rsaKey.publicJwk, kid: undefined }] }, observations, /kid/);
    await refused({ keys: [rsaKey.publicJwk, rsaKey.publicJwk] }, observations, /kid of its own/);
    await refused({ keys: [rsaKey.publicJwk] }, ['system/Observation.write'], /Unknown scope/);
    await refused({ keys: [rsaKey.publicJwk] }, ['patient/*.rs'], /Unknown scope/);
    await refused({ keys: [rsaKey.publicJwk] }, ['system/Location.rs'], /Location/);
    await refused({ keys: [rsaKey.publicJwk] }, [], /scopes/);
    const count = await sql<{ n: number }>`select count(*)::int as n from smart_clients
      where name = 'Refused Lab'`.execute(server.database.db);
    expect(count.rows[0]?.n).toBe(0);
  });

  it('gives a 5-minute bearer token for an RS384 or ES384 assertion, with the scope granted', async () => {
    for (const [client, key, scope] of [
      [lab, rsaKey, 'system/Observation.rs'],
      [hospital, ecKey, 'system/Observation.read'],
    ] as const) {
      const answer = await requestToken(
        server.url,
        tokenForm(await assertion(server.url, client.id, key), scope),
        fresh(),
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('pragma')).toBe('no-cache');
      expect(answer.body).toEqual({
        access_token: expect.stringMatching(/^sys_[A-Za-z0-9_-]{43}$/) as string,
        token_type: 'bearer',
        expires_in: 300,
        scope,
      });
    }
    // Stored only as a hash, for 5 minutes.
    const stored = await sql<{ seconds: number; token_hash: string }>`select token_hash,
        extract(epoch from expires_at - created_at)::int as seconds
      from smart_access_tokens where client_id = ${lab.id}`.execute(server.database.db);
    expect(stored.rows[0]?.seconds).toBe(300);
    expect(stored.rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('grants what was asked as far as the registration allows, and refuses a scope it does not hold', async () => {
    const asked = async (scope: string) =>
      requestToken(
        server.url,
        tokenForm(await assertion(server.url, lab.id, rsaKey), scope),
        fresh(),
      );
    expect((await asked('system/*.rs system/Patient.read launch')).body.scope).toBe(
      'system/Observation.rs',
    );
    expect((await asked('system/Observation.read')).body.scope).toBe('system/Observation.read');
    expect((await asked('system/Observation.rs system/Observation.read')).body.scope).toBe(
      'system/Observation.rs system/Observation.read',
    );
    expectOAuthError(await asked('system/Patient.rs'), 400, 'invalid_scope');
    expectOAuthError(await asked('patient/Observation.rs'), 400, 'invalid_scope');
  });

  it('reads every patient’s Observations with the token, each read recorded under the client', async () => {
    const token = await tokenFor(lab, rsaKey, 'system/Observation.rs');
    const found = await bearer(token).get<Bundle>('/fhir/R4/Observation?_count=100');
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expectValidFhir(found.body);
    const observations = (found.body.entry ?? []).map((entry) => entry.resource as Observation);
    for (const observation of observations) expectValidFhir(observation);
    expect(new Set(observations.map((one) => one.subject?.reference))).toEqual(
      new Set([`Patient/${sita.id}`, `Patient/${gita.id}`]),
    );
    const first = observations[0]!;
    const read = await bearer(token).get<Observation>(`/fhir/R4/Observation/${first.id ?? ''}`);
    expect(read.status).toBe(200);
    expectValidFhir(read.body);
    expect(read.body).toEqual(first);
    const ofGita = await bearer(token).get<Bundle>(`/fhir/R4/Observation?patient=${gita.id}`);
    expect(
      (ofGita.body.entry ?? []).every(
        (entry) => (entry.resource as Observation).subject?.reference === `Patient/${gita.id}`,
      ),
    ).toBe(true);

    const trail = await trailOf(lab.id, 'observation-read');
    expect(trail).toHaveLength(observations.length + 1 + (ofGita.body.entry?.length ?? 0));
    for (const entry of trail) {
      expect(entry).toMatchObject({
        agent_id: null,
        agent_role: null,
        outcome: 'success',
        detail: { via: 'fhir', smartClient: lab.id },
      });
      expect([sita.id, gita.id]).toContain(entry.subject_id);
    }
    // The superadmin's trail finds them by the client's id, and reads them as any entry.
    const page = await superadmin.client.get<AuditPage>(`/api/audit?record=${lab.id}&limit=200`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    const types = new Set(page.body.entries.map((entry) => entry.type));
    expect(types).toEqual(
      new Set(['observation-read', 'smart-token-issued', 'smart-client-registered']),
    );
    const reads = page.body.entries.filter((entry) => entry.type === 'observation-read');
    expect(reads).toHaveLength(trail.length);
    expect(reads[0]?.agent).toMatchObject({ id: null, email: null, role: null });
  });

  it('refuses a type the token’s scope does not cover with a 403 OperationOutcome', async () => {
    const token = await tokenFor(hospital, ecKey, 'system/Observation.read');
    expect((await bearer(token).get('/fhir/R4/Observation')).status).toBe(200);
    expectOutcome(await bearer(token).get(`/fhir/R4/Patient/${sita.id}`), 403, 'forbidden');
    // A patient that does not exist answers the same: the scope is asked first.
    expectOutcome(await bearer(token).get(`/fhir/R4/Patient/${randomUUID()}`), 403, 'forbidden');
    expectOutcome(await bearer(token).get('/fhir/R4/Patient'), 403, 'forbidden');
    expect(await trailOf(hospital.id, 'patient-read')).toEqual([]);
  });

  it('reads the record types and the trail its scopes name, from the same register', async () => {
    const key = await systemKey('RS384');
    const registered = await register({
      name: 'District Office',
      jwks: { keys: [key.publicJwk] },
      scopes: ['system/Encounter.rs', 'system/AuditEvent.rs'],
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const visit = await sita.client.post<{ id: string }>('/api/visits', { reason: 'Cough' });
    expect(visit.status).toBe(201);
    const token = await tokenFor(registered.body, key, 'system/Encounter.rs system/AuditEvent.rs');
    const encounters = await bearer(token).get<Bundle>('/fhir/R4/Encounter?_count=100');
    expect(encounters.status, JSON.stringify(encounters.body)).toBe(200);
    expectValidFhir(encounters.body);
    expect(encounters.body.entry?.map((entry) => entry.resource?.id)).toContain(visit.body.id);
    // The trail shows the system's own reads, and that reading of it is itself recorded.
    const trail = await bearer(token).get<Bundle>(`/fhir/R4/AuditEvent?patient=${sita.id}`);
    expect(trail.status, JSON.stringify(trail.body)).toBe(200);
    expectValidFhir(trail.body);
    expect(
      trail.body.entry?.some(
        (entry) =>
          (entry.resource as AuditEvent).agent[0]?.who?.identifier?.value === registered.body.id,
      ),
    ).toBe(true);
    expect(await trailOf(registered.body.id, 'audit-read')).toHaveLength(1);
    expectOutcome(await bearer(token).get('/fhir/R4/Observation'), 403, 'forbidden');
  });

  it('gives a system the whole record of a patient in the types its scopes cover, and no more', async () => {
    const key = await systemKey('ES384');
    const registered = await register({
      name: 'Referral Hospital',
      jwks: { keys: [key.publicJwk] },
      scopes: ['system/Patient.rs', 'system/Observation.rs'],
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    // She has a visit (joined now, or still open from before): an Encounter the scopes leave out.
    const visit = await sita.client.post<{ id: string }>('/api/visits', { reason: 'Fever' });
    expect([200, 201]).toContain(visit.status);
    const token = await tokenFor(registered.body, key, 'system/Patient.rs system/Observation.rs');
    const whole = await bearer(token).get<Bundle>(`/fhir/R4/Patient/${sita.id}/$everything`);
    expect(whole.status, JSON.stringify(whole.body)).toBe(200);
    expectValidFhir(whole.body);
    const types = new Set(whole.body.entry?.map((entry) => entry.resource?.resourceType));
    expect([...types].sort()).toEqual(['Observation', 'Patient']);
    expect(await trailOf(registered.body.id, 'observation-read')).not.toEqual([]);
    // Without the Patient's own type there is no whole record to give.
    const noPatient = await tokenFor(registered.body, key, 'system/Observation.rs');
    expectOutcome(
      await bearer(noPatient).get(`/fhir/R4/Patient/${sita.id}/$everything`),
      403,
      'forbidden',
    );
  });

  it('refuses assertions that do not authenticate the client with invalid_client', async () => {
    const other = await systemKey('RS384', rsaKey.kid);
    const refused = async (clientAssertion: string, why: RegExp) => {
      const answer = await requestToken(
        server.url,
        tokenForm(clientAssertion, 'system/Observation.rs'),
        fresh(),
      );
      expectOAuthError(answer, 401, 'invalid_client');
      expect(answer.body.error_description).toMatch(why);
    };
    const signed = (options: Parameters<typeof assertion>[3]) =>
      assertion(server.url, lab.id, rsaKey, options);
    await refused(await signed({ expiresIn: -120 }), /expired/);
    await refused(await signed({ expiresIn: 10 * 60 }), /more than 5 minutes ahead/);
    await refused(await signed({ aud: 'https://sewa.example/fhir/R4/auth/token' }), /aud/);
    // The same server under another name: `aud` is the token URL on PUBLIC_URL, exactly.
    await refused(
      await signed({ aud: tokenUrlOf(server.url.replace('127.0.0.1', 'localhost')) }),
      /aud/,
    );
    await refused(await signed({ aud: `${tokenUrlOf(server.url)}/` }), /aud/);
    await refused(await signed({ signWith: other.privateKey }), /signature/);
    await refused(await signed({ sub: randomUUID() }), /sub/);
    await refused(await signed({ jti: null }), /jti/);
    const hs256 = await new SignJWT({ jti: randomUUID() })
      .setProtectedHeader({ alg: 'HS256', kid: rsaKey.kid })
      .setIssuer(lab.id)
      .setSubject(lab.id)
      .setAudience(tokenUrlOf(server.url))
      .setExpirationTime('4m')
      .sign(new TextEncoder().encode(JSON.stringify(rsaKey.publicJwk)));
    await refused(hs256, /RS384 or ES384/);
    const none = new UnsecuredJWT({ jti: randomUUID() })
      .setIssuer(lab.id)
      .setSubject(lab.id)
      .setAudience(tokenUrlOf(server.url))
      .setExpirationTime('4m')
      .encode();
    await refused(none, /RS384 or ES384/);
    // An ES384 assertion naming the lab's RSA kid finds no key of its type.
    await refused(await assertion(server.url, lab.id, { ...ecKey, kid: rsaKey.kid }), /kid/);
    await refused(await assertion(server.url, randomUUID(), rsaKey), /No such client/);
    await refused('not.a.jwt', /not a JWT/);
    // Each refusal of a registered client's assertion is recorded as a failure.
    const failures = await trailOf(lab.id, 'smart-token-issued');
    expect(failures.filter((entry) => entry.outcome === 'failure')).toHaveLength(11);
  });

  it('accepts an assertion once, even sent twice at the same moment', async () => {
    const once = await assertion(server.url, lab.id, rsaKey);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        requestToken(server.url, tokenForm(once, 'system/Observation.rs'), fresh()),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401, 401, 401]);
    for (const answer of answers.filter((one) => one.status === 401)) {
      expectOAuthError(answer, 401, 'invalid_client');
      expect(answer.body.error_description).toMatch(/used before/);
    }
    const again = await requestToken(server.url, tokenForm(once, 'system/Observation.rs'), fresh());
    expectOAuthError(again, 401, 'invalid_client');
  });

  it('answers a request that is not client credentials with a signed assertion in OAuth’s words', async () => {
    const good = tokenForm(await assertion(server.url, lab.id, rsaKey), 'system/Observation.rs');
    const without = (field: string) =>
      Object.fromEntries(Object.entries(good).filter(([name]) => name !== field));
    expectOAuthError(
      await requestToken(server.url, { ...good, grant_type: 'password' }, fresh()),
      400,
      'unsupported_grant_type',
    );
    expectOAuthError(
      await requestToken(server.url, without('grant_type'), fresh()),
      400,
      'invalid_request',
    );
    for (const field of ['client_assertion_type', 'client_assertion', 'scope']) {
      expectOAuthError(
        await requestToken(server.url, without(field), fresh()),
        400,
        'invalid_request',
      );
    }
    expectOAuthError(
      await requestToken(server.url, { ...good, client_assertion_type: 'urn:x' }, fresh()),
      400,
      'invalid_request',
    );
    expectOAuthError(
      await requestToken(
        server.url,
        `${new URLSearchParams(good).toString()}&scope=system%2F*.rs`,
        fresh(),
      ),
      400,
      'invalid_request',
    );
    expectOAuthError(
      await requestToken(server.url, JSON.stringify(good), {
        ...fresh(),
        'content-type': 'application/json',
      }),
      400,
      'invalid_request',
    );
    expectOAuthError(
      await requestToken(server.url, { ...good, client_id: randomUUID() }, fresh()),
      401,
      'invalid_client',
    );
    expectOAuthError(await requestToken(server.url, '', fresh()), 400, 'invalid_request');
    const bare = await fetch(tokenUrlOf(server.url), { method: 'POST', headers: fresh() });
    expectOAuthError(
      { status: bare.status, headers: bare.headers, body: (await bare.json()) as never },
      400,
      'invalid_request',
    );
    // Nothing was accepted: the assertion still gets its token.
    expect((await requestToken(server.url, good, fresh())).status).toBe(200);
  });

  it('limits token requests per address', async () => {
    const from = fresh();
    const statuses: number[] = [];
    for (let index = 0; index < 61; index += 1) {
      statuses.push((await requestToken(server.url, { grant_type: 'password' }, from)).status);
    }
    expect(statuses.slice(0, 60).every((status) => status === 400)).toBe(true);
    const limited = await requestToken(server.url, { grant_type: 'password' }, from);
    expectOAuthError(limited, 429, 'temporarily_unavailable');
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('keeps a token for 5 minutes, and no longer than its client', async () => {
    const token = await tokenFor(lab, rsaKey, 'system/Observation.rs');
    expect((await bearer(token).get('/fhir/R4/Observation')).status).toBe(200);
    // Five minutes on.
    await sql`update smart_access_tokens set expires_at = now() - interval '1 second'
      where client_id = ${lab.id}`.execute(server.database.db);
    expectOutcome(await bearer(token).get('/fhir/R4/Observation'), 401, 'login');

    const removable = (
      await register({
        name: 'Closing Lab',
        jwks: { keys: [rsaKey.publicJwk] },
        scopes: ['system/*.rs'],
      })
    ).body;
    const live = await tokenFor(removable, rsaKey, 'system/*.rs');
    expect((await bearer(live).get(`/fhir/R4/Patient/${sita.id}`)).status).toBe(200);
    const removed = await superadmin.client.call('DELETE', `/api/smart-clients/${removable.id}`);
    expect(removed.status).toBe(204);
    expectOutcome(await bearer(live).get(`/fhir/R4/Patient/${sita.id}`), 401, 'login');
    const after = await requestToken(
      server.url,
      tokenForm(await assertion(server.url, removable.id, rsaKey), 'system/*.rs'),
      fresh(),
    );
    expectOAuthError(after, 401, 'invalid_client');
    const list = await superadmin.client.get<SmartClientList>('/api/smart-clients');
    expect(list.body.clients.map((client) => client.id)).not.toContain(removable.id);
    expect(
      (await superadmin.client.call('DELETE', `/api/smart-clients/${removable.id}`)).status,
    ).toBe(404);
    expect((await doctor.client.call('DELETE', `/api/smart-clients/${lab.id}`)).status).toBe(403);
    const trail = await sql<{ agent_id: string }>`select agent_id from audit_events
      where type = 'smart-client-removed' and entity_id = ${removable.id}`.execute(
      server.database.db,
    );
    expect(trail.rows).toEqual([{ agent_id: superadmin.id }]);
  });

  it('is no session: a system token is refused on /api, and a token it never gave is refused', async () => {
    const token = await tokenFor(lab, rsaKey, 'system/Observation.rs');
    for (const path of ['/api/me', '/api/smart-clients', '/api/audit']) {
      const answer = await bearer(token).get<{ error: { code: string } }>(path);
      expect(answer.status, path).toBe(401);
      expect(answer.body.error.code).toBe('unauthorized');
    }
    expectOutcome(
      await bearer(`${token.slice(0, -2)}AA`).get('/fhir/R4/Observation'),
      401,
      'login',
    );
    const unknown = await bearer('sys_short').get('/fhir/R4/Observation');
    expectOutcome(unknown, 401, 'login');
    expect(unknown.headers.get('www-authenticate')).toMatch(
      /^Bearer realm="[^"]+", error="invalid_token"/,
    );
    // The app's own JWT still reads as its person, not as a system.
    const jwt = await doctor.client.get<{ token: string }>('/api/auth/token');
    const asDoctor = await bearer(jwt.body.token).get<Bundle>('/fhir/R4/Observation');
    expect(asDoctor.status).toBe(200);
    expect(asDoctor.body.entry ?? []).toEqual([]);
  });

  it('logs no assertion and no token', async () => {
    const token = await tokenFor(lab, rsaKey, 'system/Observation.rs');
    expect((await bearer(token).get('/fhir/R4/Observation')).status).toBe(200);
    expect(await bearer(`${token}x`).get('/fhir/R4/Observation')).toMatchObject({ status: 401 });
    expect(logLines.some((line) => line.includes('/fhir/R4/auth/token'))).toBe(true);
    expect(secrets.length).toBeGreaterThan(10);
    for (const secret of secrets) {
      expect(logLines.filter((line) => line.includes(secret))).toEqual([]);
    }
  });

  it('lets housekeeping drop expired tokens and the assertions past their expiry', async () => {
    await tokenFor(hospital, ecKey, 'system/Observation.read');
    const { db } = server.database;
    // An assertion's jti is kept an hour past its expiry, whatever the app servers' clocks say.
    await sql`update smart_used_assertions set expires_at = now() - interval '59 minutes'
      where client_id = ${hospital.id}`.execute(db);
    await smartTokensRepository(db).prune();
    const kept = await sql<{ n: number }>`select count(*)::int as n from smart_used_assertions
      where client_id = ${hospital.id}`.execute(db);
    expect(kept.rows[0]?.n).toBeGreaterThan(0);
    await sql`update smart_used_assertions set expires_at = now() - interval '61 minutes'
      where client_id = ${hospital.id}`.execute(db);
    await sql`update smart_access_tokens set expires_at = now() - interval '1 second'
      where client_id = ${hospital.id}`.execute(db);
    await smartTokensRepository(db).prune();
    const left = await sql<{ n: number }>`select
        (select count(*) from smart_used_assertions where client_id = ${hospital.id})
        + (select count(*) from smart_access_tokens where client_id = ${hospital.id}) as n`.execute(
      db,
    );
    expect(Number(left.rows[0]?.n)).toBe(0);
  });
});

/** A P-256 public key: EC, but not the curve ES384 signs on. */
async function systemKeyOnCurve() {
  const { generateKeyPair, exportJWK } = await import('jose');
  const { publicKey } = await generateKeyPair('ES256', { extractable: true });
  return { ...(await exportJWK(publicKey)), kid: 'p256' };
}
