import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clinicDayOf, clinicMoment, clinicTimeOf } from '../../../shared/clinic-time';
import type { Conversation } from '../../../shared/messaging';
import type { NotificationRecord, NotificationSettings } from '../../../shared/notifications';
import {
  allDay,
  availability,
  book,
  cancel,
  reschedule,
  saveHours,
  slotAhead,
} from '../appointments/fixture';
import { openStream, person, type Person } from '../messaging/fixture';
import {
  sparrowAnswers,
  startFakeGateway,
  type FakeGateway,
  type GatewayAnswer,
} from '../support/fake-sms-gateway';
import { databaseVariants, startTestServer, type TestServer } from '../support/test-server';
import { joinWaitingRoom, start } from '../visits/fixture';
import {
  eventually,
  notificationsOf,
  settled,
  sparrowSettings,
  textsTo,
  verifyNumber,
} from './fixture';

const hour = 60 * 60_000;

describe.each(databaseVariants)('texts to a closed phone on the $name database', (variant) => {
  let server: TestServer;
  let gateway: FakeGateway;
  let doctor: Person;
  /** What the gateway answers next; queued unless a test says otherwise. */
  let answers: GatewayAnswer[] = [];
  let numbers = 0;

  /** A patient with a verified number of their own; `phone` is its ten digits. */
  async function patientWithNumber(first: string) {
    numbers += 1;
    // One number per patient of this server: the account system keeps numbers unique.
    const phone = `98${String(40_000_000 + numbers)}`;
    const who = await person(server, 'patient', { first, last: `Texts ${numbers}` });
    await verifyNumber(who, gateway, `+977${phone}`);
    // No quiet hours, so what these tests send goes at once whatever the hour of the run.
    await settings(who, { quietHours: { start: '00:00', end: '00:00' } });
    return { ...who, phone };
  }

  async function settings(who: Person, change: Record<string, unknown>) {
    const answer = await who.client.call<NotificationSettings>(
      'PATCH',
      '/api/notifications/settings',
      change,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  }

  beforeAll(async () => {
    gateway = await startFakeGateway(() => answers.shift() ?? sparrowAnswers.queued, '/v2/sms/');
    server = await startTestServer({
      variant,
      env: { DEMO_USERS: 'false', ...sparrowSettings(gateway) },
    });
    doctor = await person(server, 'doctor', { first: 'Ram' });
  }, 120_000);
  afterAll(async () => {
    await server.close();
    await gateway.close();
  });
  beforeEach(() => {
    answers = [];
  });

  it('texts "the doctor is in" once when the doctor starts the visit, and only that', async () => {
    const patient = await patientWithNumber('Sita');
    const visit = await joinWaitingRoom(patient);
    await start(doctor, visit.id);

    const sms = await settled(server, patient.id, 'doctor-is-in', 'sms');
    expect(sms).toMatchObject({ status: 'sent', attempts: 1 });
    expect(textsTo(gateway, patient.phone).slice(1)).toEqual([
      'Sewa: Your doctor is waiting for you in Sewa. Open the app to join.',
    ]);
    // No device subscribed: the push is recorded as skipped, not sent.
    expect(await settled(server, patient.id, 'doctor-is-in', 'push')).toMatchObject({
      status: 'skipped',
      reason: 'no_device',
    });
    // The gateway got the form Sparrow expects, with the token and sender identity.
    const form = gateway.received.at(-1)?.fields;
    expect(form).toMatchObject({ to: patient.phone, from: 'Sewa' });
    expect(form?.token).toBe(sparrowSettings(gateway).SMS_TOKEN);
  });

  it('writes the text in the account’s language', async () => {
    const patient = await patientWithNumber('Gita');
    expect((await settings(patient, { language: 'ne' })).language).toBe('ne');
    const visit = await joinWaitingRoom(patient);
    await start(doctor, visit.id);
    await settled(server, patient.id, 'doctor-is-in', 'sms');
    expect(textsTo(gateway, patient.phone).at(-1)).toBe(
      'सेवा: तपाईंको डाक्टर सेवामा तपाईंलाई पर्खिरहनुभएको छ। जोडिन एप खोल्नुहोस्।',
    );
  });

  it('sends no text to someone who turned texts off', async () => {
    const patient = await patientWithNumber('Hari');
    await settings(patient, { texts: false });
    const visit = await joinWaitingRoom(patient);
    await start(doctor, visit.id);
    expect(await settled(server, patient.id, 'doctor-is-in', 'sms')).toMatchObject({
      status: 'skipped',
      reason: 'texts_off',
    });
    expect(textsTo(gateway, patient.phone)).toHaveLength(1);
  });

  it('tries again after a gateway error, and records a refusal without trying again', async () => {
    const retried = await patientWithNumber('Kamala');
    answers = [{ status: 503, body: { response_code: 5000 } }];
    await start(doctor, (await joinWaitingRoom(retried)).id);
    expect(await settled(server, retried.id, 'doctor-is-in', 'sms')).toMatchObject({
      status: 'sent',
      attempts: 2,
    });
    expect(textsTo(gateway, retried.phone).slice(1)).toHaveLength(2);

    const refused = await patientWithNumber('Bimala');
    answers = [sparrowAnswers.refused(1007, 'Invalid Receiver')];
    await start(doctor, (await joinWaitingRoom(refused)).id);
    expect(await settled(server, refused.id, 'doctor-is-in', 'sms')).toMatchObject({
      status: 'failed',
      reason: 'invalid_number',
      attempts: 1,
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(textsTo(gateway, refused.phone).slice(1)).toHaveLength(1);
  });

  it('records why the gateway refused, by its code: Sparrow’s 1012 is no credit, for the superadmin to see', async () => {
    const patient = await patientWithNumber('Pramila');
    answers = [sparrowAnswers.refused(1012, 'No Credits Available')];
    await start(doctor, (await joinWaitingRoom(patient)).id);
    expect(await settled(server, patient.id, 'doctor-is-in', 'sms')).toMatchObject({
      status: 'failed',
      reason: 'no_credit',
      attempts: 1,
    });
    const superadmin = await person(server, 'superadmin', { first: 'Anita' });
    const { records } = (
      await superadmin.client.get<{ records: NotificationRecord[] }>('/api/notifications/records')
    ).body;
    expect(
      records.find(
        (record) =>
          record.recipientId === patient.id &&
          record.kind === 'doctor-is-in' &&
          record.channel === 'sms',
      ),
    ).toMatchObject({ outcome: 'failed', reason: 'no_credit' });
  });

  it('confirms a booking, schedules its reminders, and withdraws them when it is cancelled', async () => {
    const patient = await patientWithNumber('Laxmi');
    await saveHours(doctor, doctor.id, allDay);
    const slot = await slotAhead(patient, doctor.id, 3 * hour);
    const appointment = await book(patient, doctor.id, slot.startsAt);
    await settled(server, patient.id, 'appointment-booked', 'sms');
    await settled(server, patient.id, 'appointment-booked', 'push');
    expect(textsTo(gateway, patient.phone).at(-1)).toMatch(
      /^Sewa: Your appointment is booked for /,
    );

    const reminders = (await notificationsOf(server, patient.id)).filter(
      (row) => row.status === 'pending',
    );
    // Three hours ahead: the day-before reminder is past; an hour before and check-in remain.
    expect(reminders.map((row) => `${row.kind}/${row.channel}`).sort()).toEqual([
      'appointment-in-an-hour/push',
      'appointment-in-an-hour/sms',
      'check-in-open/push',
      'check-in-open/sms',
    ]);
    const startsAt = new Date(slot.startsAt).getTime();
    const inAnHour = reminders.find((row) => row.kind === 'appointment-in-an-hour');
    expect(inAnHour?.due_at.getTime()).toBe(startsAt - hour);

    expect((await cancel(patient, appointment.id)).status).toBe(200);
    await settled(server, patient.id, 'appointment-cancelled', 'sms');
    const after = await notificationsOf(server, patient.id);
    expect(after.filter((row) => row.status === 'pending')).toEqual([]);
    expect(after.filter((row) => row.status === 'withdrawn')).toHaveLength(4);
  });

  it('schedules the day-before reminder 24 h before, and "check-in is open" 30 minutes before', async () => {
    // No number: what is stored does not depend on it (and phone codes are counted per address).
    const patient = await person(server, 'patient', { first: 'Bishnu' });
    await saveHours(doctor, doctor.id, allDay);
    const day = clinicDayOf(Date.now() + 2 * 24 * hour);
    const [slot] = (await availability(patient, { doctorId: doctor.id, day })).slots;
    expect(slot).toBeDefined();
    await book(patient, doctor.id, slot!.startsAt);
    const startsAt = new Date(slot!.startsAt).getTime();

    const pending = (await notificationsOf(server, patient.id)).filter(
      (row) => row.status === 'pending',
    );
    const dueOf = (kind: string) =>
      pending.filter((row) => row.kind === kind).map((row) => row.due_at.getTime());
    expect(dueOf('appointment-tomorrow')).toEqual([startsAt - 24 * hour, startsAt - 24 * hour]);
    expect(dueOf('appointment-in-an-hour')).toEqual([startsAt - hour, startsAt - hour]);
    expect(dueOf('check-in-open')).toEqual([startsAt - 30 * 60_000, startsAt - 30 * 60_000]);
  });

  it('moves the reminders with the booking, also back to a time it had before', async () => {
    const patient = await patientWithNumber('Sunita');
    await saveHours(doctor, doctor.id, allDay);
    const first = await slotAhead(patient, doctor.id, 3 * hour);
    const second = await slotAhead(patient, doctor.id, 4 * hour);
    const appointment = await book(patient, doctor.id, first.startsAt);
    for (const startsAt of [second.startsAt, first.startsAt]) {
      expect((await reschedule(patient, appointment.id, { startsAt })).status).toBe(200);
    }
    // Both moves told, by text and by push.
    await eventually(async () => {
      const told = (await notificationsOf(server, patient.id)).filter(
        (row) => row.kind === 'appointment-moved' && row.status !== 'pending',
      );
      return told.length === 4;
    });
    const rows = await notificationsOf(server, patient.id);
    const pending = rows.filter((row) => row.status === 'pending');
    // Reminders for the time it has now, each once.
    expect(pending.map((row) => `${row.kind}/${row.channel}`).sort()).toEqual([
      'appointment-in-an-hour/push',
      'appointment-in-an-hour/sms',
      'check-in-open/push',
      'check-in-open/sms',
    ]);
    const startsAt = new Date(first.startsAt).getTime();
    expect(pending.every((row) => row.due_at.getTime() < startsAt)).toBe(true);
  });

  it('holds a booking’s text through quiet hours, but never "the doctor is in"', async () => {
    const patient = await patientWithNumber('Durga');
    const now = Date.now();
    const quietHours = { start: clinicTimeOf(now - hour), end: clinicTimeOf(now + hour) };
    await settings(patient, { quietHours });
    await saveHours(doctor, doctor.id, allDay);
    await book(patient, doctor.id, (await slotAhead(patient, doctor.id, 3 * hour)).startsAt);
    await start(doctor, (await joinWaitingRoom(patient)).id);

    expect(await settled(server, patient.id, 'doctor-is-in', 'sms')).toMatchObject({
      status: 'sent',
    });
    const booked = (await notificationsOf(server, patient.id)).find(
      (row) => row.kind === 'appointment-booked' && row.channel === 'sms',
    );
    expect(booked?.status).toBe('pending');
    // Waiting for the end of the quiet hours, on the clinic's clock.
    expect(booked?.due_at.getTime()).toBe(
      clinicMoment(clinicDayOf(now + hour), quietHours.end).getTime(),
    );
    expect(textsTo(gateway, patient.phone).join('\n')).not.toContain('booked');
  });

  it('tells a patient of the care team’s answer only when no screen of theirs is open', async () => {
    const patient = await patientWithNumber('Radha');
    const created = await patient.client.post<{ conversation: Conversation }>(
      '/api/messaging/care-team',
    );
    const conversationId = created.body.conversation.id;
    const answer = () =>
      doctor.client.post(`/api/messaging/conversations/${conversationId}/messages`, {
        id: crypto.randomUUID(),
        content: 'Your report is normal.',
      });

    const stream = await openStream(
      `${server.url}/api/messaging/events`,
      patient.client.cookieHeader(),
    );
    await stream.next((event) => event.event === 'ready');
    expect((await answer()).status).toBe(201);
    expect(await settled(server, patient.id, 'care-team-answered', 'sms')).toMatchObject({
      status: 'skipped',
      reason: 'screen_open',
    });
    stream.close();
    // The words of the message never travel: the text only says there is an answer.
    expect(textsTo(gateway, patient.phone).join('\n')).not.toContain('report');
  });

  it('shows the superadmin who was sent what on which channel, never the words', async () => {
    const superadmin = await person(server, 'superadmin', { first: 'Maya' });
    const { records } = await eventually(async () => {
      const answer = await superadmin.client.get<{ records: NotificationRecord[] }>(
        '/api/notifications/records',
      );
      return answer.body.records.length > 0 ? answer.body : null;
    });
    const sent = records.find(
      (record) => record.kind === 'doctor-is-in' && record.outcome === 'sent',
    );
    expect(sent?.channel).toBe('sms');
    expect(sent?.recipientName).toContain('Texts');
    expect(JSON.stringify(records)).not.toContain('waiting for you');
    // Reading everyone's record is itself recorded.
    const read = await server.database.db
      .selectFrom('audit_events')
      .select('type')
      .where('agent_id', '=', superadmin.id)
      .where('type', '=', 'notification-records-read')
      .execute();
    expect(read.length).toBeGreaterThan(0);
  });
});
