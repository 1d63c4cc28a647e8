import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Appointment,
  AuditEvent,
  Bundle,
  Communication,
  DocumentReference,
  Encounter,
  FhirResource,
  MedicationAdministration,
  MedicationRequest,
  OperationOutcome,
  Practitioner,
  RelatedPerson,
  Consent,
} from 'fhir/r4';
import { addClinicDays, clinicMoment, clinicToday } from '@shared/clinic-time';
import type { Medication } from '@shared/medications';
import type { Upload } from '@shared/uploads';
import type { Answer } from '../auth/client';
import { person, type Person } from '../messaging/fixture';
import { png } from '../authorization/matrix';
import { expectValidFhir } from '../support/fhir-validation';
import { databaseVariants, startTestServer, type TestServer } from '../support/test-server';
import { act, inProgress } from '../visits/fixture';

function expectOutcome(answer: Answer, status: number, code: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  const outcome = answer.body as OperationOutcome;
  expectValidFhir(outcome);
  expect(outcome.issue[0]?.code).toBe(code);
}

/** A search's matches (and what it includes), without an outcome entry it may carry. */
const entries = <T extends FhirResource>(bundle: Bundle) =>
  (bundle.entry ?? [])
    .filter((entry) => entry.search?.mode !== 'outcome')
    .map((entry) => entry.resource as T);

describe.each(databaseVariants)("the FHIR API's record types on the $name database", (variant) => {
  let server: TestServer;
  let sita: Person;
  let gita: Person;
  let doctor: Person;
  let stranger: Person;
  let visitId: string;
  let prescribed: Medication;
  let stopped: Medication;
  let photoId: string;
  let son: Person;

  async function search<T extends FhirResource>(who: Person, path: string): Promise<T[]> {
    const answer = await who.client.get<Bundle>(path);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expectValidFhir(answer.body);
    return entries<T>(answer.body);
  }

  beforeAll(async () => {
    server = await startTestServer({ variant });
    sita = await person(server, 'patient', { first: 'Sita', last: 'Sharma' });
    gita = await person(server, 'patient', { first: 'Gita', last: 'Rai' });
    doctor = await person(server, 'doctor', { first: 'Ram', last: 'Thapa' });
    stranger = await person(server, 'doctor', { first: 'Hari', last: 'Karki' });

    // A visit with the doctor, ended.
    const visit = await inProgress(sita, doctor);
    visitId = visit.id;
    expect((await act(doctor, visitId, 'end')).status).toBe(200);

    // Two prescriptions; one stopped; the morning dose of the other taken.
    const base = `/api/patients/${sita.id}`;
    const first = await doctor.client.post<Medication>(`${base}/medications`, {
      id: randomUUID(),
      medicine: 'Amlodipine 5 mg',
      dose: { amount: 1, form: 'tablet' },
      food: 'after',
      times: ['morning', 'night'],
      // Since yesterday: today's morning dose is one, whenever the test runs.
      startDay: addClinicDays(clinicToday(), -1),
      note: 'With water',
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    prescribed = first.body;
    const second = await doctor.client.post<Medication>(`${base}/medications`, {
      id: randomUUID(),
      medicine: 'Paracetamol 500 mg',
      dose: { amount: 10, form: 'ml' },
      times: ['midday'],
      days: 5,
    });
    const stop = await doctor.client.post<Medication>(
      `${base}/medications/${second.body.id}/stop`,
      { reason: 'Fever gone' },
    );
    expect(stop.status, JSON.stringify(stop.body)).toBe(200);
    stopped = stop.body;
    const taken = await sita.client.post(`${base}/doses/taken`, {
      id: randomUUID(),
      medicationId: prescribed.id,
      day: clinicToday(),
      timeOfDay: 'morning',
    });
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);

    // A booking tomorrow at 10:00 with the doctor, and one cancelled.
    const { db } = server.database;
    const tomorrow = addClinicDays(clinicToday(), 1);
    for (const [status, time] of [
      ['booked', '10:00'],
      ['cancelled', '11:00'],
    ] as const) {
      await sql`insert into appointments (id, patient_id, doctor_id, status, starts_at, ends_at,
          day, reason, booked_by)
        values (${randomUUID()}, ${sita.id}, ${doctor.id}, ${status},
          ${clinicMoment(tomorrow, time)},
          ${new Date(clinicMoment(tomorrow, time).getTime() + 15 * 60_000)}, ${tomorrow},
          'Blood pressure check', ${sita.id})`.execute(db);
    }

    // A care-team message each way.
    const care = await sita.client.post<{ conversation: { id: string } }>(
      '/api/messaging/care-team',
    );
    const path = `/api/messaging/conversations/${care.body.conversation.id}/messages`;
    expect((await sita.client.post(path, { id: randomUUID(), content: 'Dizzy' })).status).toBe(201);
    expect(
      (await doctor.client.post(path, { id: randomUUID(), content: 'Please rest' })).status,
    ).toBe(201);

    // A photo she shared.
    const upload = await fetch(`${server.url}/api/uploads/${randomUUID()}`, {
      method: 'PUT',
      headers: {
        cookie: sita.client.cookieHeader(),
        origin: server.url,
        'content-type': 'image/png',
      },
      body: png,
    });
    expect(upload.status).toBe(201);
    photoId = ((await upload.json()) as Upload).url.split('/')[3]!;

    // Her son may see her record.
    son = await person(server, 'patient', { first: 'Mohan', last: 'Sharma' });
    await sql`insert into care_grants (id, patient_id, caregiver_id, relationship, may_record,
        may_message, may_visits)
      values (${randomUUID()}, ${sita.id}, ${son.id}, 'son', true, false, false)`.execute(db);

    // A reading of hers, and Gita's visit of her own, with no doctor.
    expect(
      (
        await sita.client.post(`/api/patients/${sita.id}/vitals`, {
          id: randomUUID(),
          heartRate: 72,
        })
      ).status,
    ).toBe(201);
    await gita.client.post('/api/visits', { reason: 'Cough' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('lists every type in the CapabilityStatement with its own date parameter', async () => {
    const answer = await sita.client.get<{
      rest: { resource: { type: string; searchParam: { name: string }[] }[] }[];
    }>('/fhir/R4/metadata');
    const served = answer.body.rest[0]!.resource;
    const params = (type: string) =>
      served.find((one) => one.type === type)?.searchParam.map((param) => param.name);
    expect(params('MedicationRequest')).toContain('authoredon');
    expect(params('Communication')).toContain('sent');
    expect(params('MedicationAdministration')).toContain('effective-time');
    expect(params('Appointment')).not.toContain('_lastUpdated');
  });

  it('answers the visit as a virtual Encounter with its doctor, to her and her doctor only', async () => {
    const found = await search<Encounter>(sita, `/fhir/R4/Encounter?patient=${sita.id}`);
    expect(found).toHaveLength(1);
    const [encounter] = found;
    expectValidFhir(encounter!);
    expect(encounter).toMatchObject({
      id: visitId,
      status: 'finished',
      class: { code: 'VR' },
      subject: { reference: `Patient/${sita.id}` },
      participant: [{ individual: { reference: `Practitioner/${doctor.id}` } }],
      reasonCode: [{ text: 'Fever for three days' }],
    });
    expect(encounter?.period?.end).toEqual(expect.any(String));
    const read = await doctor.client.get<Encounter>(`/fhir/R4/Encounter/${visitId}`);
    expect(read.body).toEqual(encounter);
    expectOutcome(await stranger.client.get(`/fhir/R4/Encounter/${visitId}`), 404, 'not-found');
    expectOutcome(await gita.client.get(`/fhir/R4/Encounter/${visitId}`), 404, 'not-found');
    expect(await search(stranger, `/fhir/R4/Encounter?patient=${sita.id}`)).toEqual([]);
    expect(await search(sita, '/fhir/R4/Encounter?status=finished')).toHaveLength(1);
    expect(await search(sita, '/fhir/R4/Encounter?status=in-progress')).toEqual([]);
    const trail = await sql<{ n: number }>`select count(*)::int as n from audit_events
      where type = 'visit-read' and agent_id = ${doctor.id} and entity_id = ${visitId}
        and detail->>'via' = 'fhir'`.execute(server.database.db);
    expect(trail.rows[0]?.n).toBe(1);
  });

  it('answers prescriptions as MedicationRequests, active and stopped, and the dose taken', async () => {
    const requests = await search<MedicationRequest>(
      sita,
      `/fhir/R4/MedicationRequest?subject=Patient/${sita.id}`,
    );
    expect(requests.map((one) => one.id).sort()).toEqual([prescribed.id, stopped.id].sort());
    const active = requests.find((one) => one.id === prescribed.id);
    expect(active).toMatchObject({
      status: 'active',
      intent: 'order',
      medicationCodeableConcept: { text: 'Amlodipine 5 mg' },
      requester: { reference: `Practitioner/${doctor.id}` },
      dosageInstruction: [
        {
          text: '1 tablet, morning and night, after food, With water',
          patientInstruction: 'With water',
          // After breakfast, after dinner.
          timing: {
            repeat: {
              when: ['PCM', 'PCV'],
              boundsPeriod: { start: addClinicDays(clinicToday(), -1) },
            },
          },
          doseAndRate: [
            {
              doseQuantity: {
                value: 1,
                unit: 'tablet',
                system: 'http://unitsofmeasure.org',
                code: '{tablet}',
              },
            },
          ],
        },
      ],
    });
    expect(requests.find((one) => one.id === stopped.id)).toMatchObject({
      status: 'stopped',
      statusReason: { text: 'Fever gone' },
      dosageInstruction: [
        {
          text: '10 ml, midday',
          timing: { repeat: { when: ['NOON'] } },
          doseAndRate: [
            {
              doseQuantity: {
                value: 10,
                unit: 'mL',
                system: 'http://unitsofmeasure.org',
                code: 'mL',
              },
            },
          ],
        },
      ],
    });
    expect(
      (await search<MedicationRequest>(sita, '/fhir/R4/MedicationRequest?status=active')).map(
        (one) => one.id,
      ),
    ).toEqual([prescribed.id]);
    const today = clinicToday();
    expect(await search(sita, `/fhir/R4/MedicationRequest?authoredon=${today}`)).toHaveLength(2);
    expect(await search(sita, `/fhir/R4/MedicationRequest?authoredon=lt${today}`)).toHaveLength(0);

    const given = await search<MedicationAdministration>(
      sita,
      `/fhir/R4/MedicationAdministration?patient=${sita.id}`,
    );
    expect(given).toHaveLength(1);
    expect(given[0]).toMatchObject({
      status: 'completed',
      medicationCodeableConcept: { text: 'Amlodipine 5 mg' },
      request: { reference: `MedicationRequest/${prescribed.id}` },
      performer: [{ actor: { reference: `Patient/${sita.id}` } }],
    });
    const again = await doctor.client.get(`/fhir/R4/MedicationAdministration/${given[0]!.id}`);
    expect(again.body).toEqual(given[0]);
  });

  it('answers bookings as Appointments with both people, by date and status', async () => {
    const found = await search<Appointment>(sita, `/fhir/R4/Appointment?patient=${sita.id}`);
    expect(found.map((one) => one.status)).toEqual(['cancelled', 'booked']);
    const tomorrow = addClinicDays(clinicToday(), 1);
    expect(found[1]).toMatchObject({
      start: clinicMoment(tomorrow, '10:00').toISOString(),
      minutesDuration: 15,
      description: 'Blood pressure check',
      participant: [
        { actor: { reference: `Patient/${sita.id}` }, status: 'accepted' },
        { actor: { reference: `Practitioner/${doctor.id}` }, status: 'accepted' },
      ],
    });
    expect(await search(sita, `/fhir/R4/Appointment?date=${tomorrow}&status=booked`)).toHaveLength(
      1,
    );
    expect(await search(sita, `/fhir/R4/Appointment?date=lt${clinicToday()}`)).toEqual([]);
    expectOutcome(
      await sita.client.get(`/fhir/R4/Appointment?_lastUpdated=ge2026`),
      400,
      'invalid',
    );
    // Appointment takes no subject: a subject naming someone else is not read as hers, and
    // the Bundle says it was not read.
    const unread = await sita.client.get<Bundle>(`/fhir/R4/Appointment?subject=${gita.id}`);
    expect(entries(unread.body)).toHaveLength(2);
    const outcome = unread.body.entry?.find((entry) => entry.search?.mode === 'outcome');
    expect((outcome?.resource as OperationOutcome | undefined)?.issue[0]?.diagnostics).toMatch(
      /subject/,
    );
  });

  it('answers care-team messages as Communications with their sender, newest first', async () => {
    const found = await search<Communication>(sita, `/fhir/R4/Communication?patient=${sita.id}`);
    expect(found.map((one) => one.payload?.[0]?.contentString)).toEqual(['Please rest', 'Dizzy']);
    expect(found.map((one) => one.sender?.reference)).toEqual([
      `Practitioner/${doctor.id}`,
      `Patient/${sita.id}`,
    ]);
    const pages = await sita.client.get<Bundle>('/fhir/R4/Communication?_count=1');
    const next = pages.body.link?.find((link) => link.relation === 'next')?.url ?? '';
    expect(next.startsWith(server.url)).toBe(true);
    const second = await sita.client.get<Bundle>(next.replace(server.url, ''));
    expect(
      entries<Communication>(second.body).map((one) => one.payload?.[0]?.contentString),
    ).toEqual(['Dizzy']);
    expect(await search(stranger, '/fhir/R4/Communication')).toEqual([]);
  });

  it('answers a shared photo as a DocumentReference whose URL the app serves', async () => {
    const found = await search<DocumentReference>(
      sita,
      `/fhir/R4/DocumentReference?patient=${sita.id}`,
    );
    expect(found).toHaveLength(1);
    const attachment = found[0]?.content[0]?.attachment;
    expect(found[0]?.id).toBe(photoId);
    expect(attachment?.contentType).toBe('image/png');
    const content = await fetch(attachment?.url ?? '', {
      headers: { cookie: sita.client.cookieHeader() },
    });
    expect(content.status).toBe(200);
    expectOutcome(await gita.client.get(`/fhir/R4/DocumentReference/${photoId}`), 404, 'not-found');
  });

  it('answers her care circle as a RelatedPerson and the Consent of what they may do', async () => {
    const people = await search<RelatedPerson>(sita, `/fhir/R4/RelatedPerson?patient=${sita.id}`);
    expect(people).toHaveLength(1);
    expect(people[0]).toMatchObject({
      patient: { reference: `Patient/${sita.id}` },
      relationship: [{ coding: [{ code: 'SONC' }] }],
      name: [{ text: 'Mohan Sharma' }],
    });
    const consents = await search<Consent>(
      doctor,
      `/fhir/R4/Consent?patient=${sita.id}&status=active`,
    );
    expect(consents).toHaveLength(1);
    expect(
      consents[0]?.provision?.provision?.map((one) => one.action?.[0]?.coding?.[0]?.code),
    ).toEqual(['record']);
    expect(
      (await son.client.get<Consent>(`/fhir/R4/Consent/${consents[0]?.id ?? ''}`)).status,
    ).toBe(200);
    expect(await search(stranger, `/fhir/R4/RelatedPerson?patient=${sita.id}`)).toEqual([]);
    expectOutcome(await sita.client.get(`/fhir/R4/RelatedPerson?status=active`), 400, 'invalid');
  });

  it('names doctors as Practitioners to anyone signed in, without their address', async () => {
    const read = await sita.client.get<Practitioner>(`/fhir/R4/Practitioner/${doctor.id}`);
    expect(read.status).toBe(200);
    expectValidFhir(read.body);
    expect(read.body).toMatchObject({ name: [{ family: 'Thapa', given: ['Ram'] }] });
    expect(read.body.telecom).toBeUndefined();
    expectOutcome(await sita.client.get(`/fhir/R4/Practitioner/${gita.id}`), 404, 'not-found');
    const found = await search<Practitioner>(
      gita,
      `/fhir/R4/Practitioner?_id=${doctor.id},${stranger.id},${sita.id}`,
    );
    expect(found.map((one) => one.id).sort()).toEqual([doctor.id, stranger.id].sort());
  });

  it('gives her whole record as one Bundle with the doctors it names, to whom the rule lets', async () => {
    const answer = await sita.client.get<Bundle>(`/fhir/R4/Patient/${sita.id}/$everything`);
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
    expectValidFhir(answer.body);
    const byType = new Map<string, number>();
    for (const entry of answer.body.entry ?? []) {
      const type = entry.resource?.resourceType ?? '';
      byType.set(type, (byType.get(type) ?? 0) + 1);
      expect(entry.search?.mode).toBe(type === 'Practitioner' ? 'include' : 'match');
    }
    expect(Object.fromEntries(byType)).toEqual({
      Patient: 1,
      Observation: 1,
      Encounter: 1,
      MedicationRequest: 2,
      MedicationAdministration: 1,
      Appointment: 2,
      Communication: 2,
      DocumentReference: 1,
      RelatedPerson: 1,
      Consent: 1,
      Practitioner: 1,
    });
    expect(answer.body.entry?.[0]?.resource).toMatchObject({
      resourceType: 'Patient',
      id: sita.id,
    });
    expect((await doctor.client.get(`/fhir/R4/Patient/${sita.id}/$everything`)).status).toBe(200);
    expectOutcome(
      await gita.client.get(`/fhir/R4/Patient/${sita.id}/$everything`),
      404,
      'not-found',
    );
    expectOutcome(
      await stranger.client.get(`/fhir/R4/Patient/${sita.id}/$everything`),
      404,
      'not-found',
    );
  });

  it('shows the audit trail as AuditEvents to the super administrator alone, and records that read', async () => {
    const admin = await person(server, 'superadmin', { first: 'Anita' });
    const found = await search<AuditEvent>(
      admin,
      `/fhir/R4/AuditEvent?patient=Patient/${sita.id}&_count=100`,
    );
    // The doctor's read of her visit, through FHIR, as the trail holds it.
    const visitRead = found.find(
      (event) =>
        event.subtype?.[0]?.code === 'visit-read' &&
        event.agent[0]?.who?.reference === `Practitioner/${doctor.id}`,
    );
    expect(visitRead).toMatchObject({
      action: 'R',
      outcome: '0',
      entity: [
        { what: { reference: `Encounter/${visitId}` } },
        { what: { reference: `Patient/${sita.id}` } },
      ],
    });
    const read = await admin.client.get<AuditEvent>(`/fhir/R4/AuditEvent/${visitRead?.id ?? ''}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(visitRead);
    for (const other of [sita, doctor, son]) {
      expectOutcome(await other.client.get('/fhir/R4/AuditEvent'), 403, 'forbidden');
      expectOutcome(
        await other.client.get(`/fhir/R4/AuditEvent/${visitRead?.id ?? ''}`),
        403,
        'forbidden',
      );
    }
    expectOutcome(await admin.client.get('/fhir/R4/AuditEvent/not-an-entry'), 404, 'not-found');
    expectOutcome(await admin.client.get('/fhir/R4/AuditEvent?_cursor=eA'), 400, 'invalid');
    const trail = await sql<{ n: number }>`select count(*)::int as n from audit_events
      where type = 'audit-read' and agent_id = ${admin.id} and detail->>'via' = 'fhir'`.execute(
      server.database.db,
    );
    expect(trail.rows[0]?.n).toBe(2);
  });

  it('includes the patient and the doctors a page names when asked, once each', async () => {
    const answer = await doctor.client.get<Bundle>(
      `/fhir/R4/MedicationRequest?patient=${sita.id}&_include=MedicationRequest:patient&_include=MedicationRequest:requester`,
    );
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
    expectValidFhir(answer.body);
    const included = (answer.body.entry ?? [])
      .filter((entry) => entry.search?.mode === 'include')
      .map((entry) => `${entry.resource?.resourceType}/${entry.resource?.id}`);
    expect(included.sort()).toEqual([`Patient/${sita.id}`, `Practitioner/${doctor.id}`].sort());
    expect(answer.body.entry?.filter((entry) => entry.search?.mode === 'match')).toHaveLength(2);
    // A target narrows it; the next page keeps asking for it.
    const narrowed = await sita.client.get<Bundle>(
      `/fhir/R4/Appointment?patient=${sita.id}&_count=1&_include=Appointment:actor:Practitioner`,
    );
    expect(
      narrowed.body.entry?.map((entry) => `${entry.search?.mode} ${entry.resource?.resourceType}`),
    ).toEqual(['match Appointment', 'include Practitioner']);
    expect(narrowed.body.link?.find((link) => link.relation === 'next')?.url).toContain(
      '_include=Appointment%3Aactor%3APractitioner',
    );
    expectOutcome(
      await sita.client.get(`/fhir/R4/Encounter?_include=Observation:patient`),
      400,
      'invalid',
    );
    expectOutcome(
      await sita.client.get(`/fhir/R4/Encounter?_include=Encounter:requester`),
      400,
      'invalid',
    );
  });

  it('refuses bad parameters of the record types with an OperationOutcome', async () => {
    expectOutcome(await sita.client.get('/fhir/R4/Encounter?date=soon'), 400, 'invalid');
    expectOutcome(
      await sita.client.get('/fhir/R4/Communication?sent=ge2026-02-30'),
      400,
      'invalid',
    );
    expectOutcome(await sita.client.get('/fhir/R4/Encounter/not-a-visit'), 404, 'not-found');
    expectOutcome(
      await sita.client.get('/fhir/R4/MedicationRequest?patient=Practitioner/x'),
      400,
      'invalid',
    );
  });
});
