import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type {
  Appointment,
  Availability,
  DoctorHours,
  SaveDoctorHours,
  Slot,
} from '../../../shared/appointments';
import type { Answer } from '../auth/client';
import type { Person } from '../messaging/fixture';
import type { TestServer } from '../support/test-server';

/** Every day, all day (00:00–23:59), in 15-minute slots: a free slot is never far. */
export const allDay: SaveDoctorHours = {
  slotMinutes: 15,
  week: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
    weekday: weekday as 0,
    start: '00:00',
    end: '23:59',
  })),
  daysOff: [],
};

export async function saveHours(
  who: Person,
  doctorId: string,
  hours: SaveDoctorHours,
): Promise<DoctorHours> {
  const answer = await who.client.call<DoctorHours>('PUT', `/api/doctors/${doctorId}/hours`, hours);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

export async function availability(
  patient: Person,
  query: { doctorId?: string; day?: string } = {},
): Promise<Availability> {
  const search = new URLSearchParams(query).toString();
  const answer = await patient.client.get<Availability>(
    `/api/appointments/availability${search ? `?${search}` : ''}`,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** The doctor's free slots from now on, over the horizon, soonest first. */
export async function freeSlotsOf(patient: Person, doctorId: string): Promise<Slot[]> {
  const first = await availability(patient, { doctorId });
  const slots: Slot[] = [];
  for (const { day, free } of first.days) {
    if (free === 0) continue;
    slots.push(
      ...(day === first.day ? first.slots : (await availability(patient, { doctorId, day })).slots),
    );
    if (slots.length >= 40) break;
  }
  return slots;
}

/** The first free slot starting at least `aheadMs` from now. */
export async function slotAhead(patient: Person, doctorId: string, aheadMs = 0): Promise<Slot> {
  const slot = (await freeSlotsOf(patient, doctorId)).find(
    (candidate) => Date.parse(candidate.startsAt) >= Date.now() + aheadMs,
  );
  if (!slot) throw new Error('no free slot ahead');
  return slot;
}

export function bookCall(
  patient: Person,
  doctorId: string,
  startsAt: string,
  extra: { id?: string; reason?: string } = {},
): Promise<Answer<Appointment>> {
  return patient.client.post<Appointment>('/api/appointments', {
    id: extra.id ?? randomUUID(),
    doctorId,
    startsAt,
    ...(extra.reason === undefined ? {} : { reason: extra.reason }),
  });
}

export async function book(
  patient: Person,
  doctorId: string,
  startsAt: string,
  reason?: string,
): Promise<Appointment> {
  const answer = await bookCall(patient, doctorId, startsAt, { reason });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

export function cancel(who: Person, id: string): Promise<Answer<Appointment>> {
  return who.client.post<Appointment>(`/api/appointments/${id}/cancel`);
}

export function checkIn(
  who: Person,
  id: string,
): Promise<Answer<{ appointment: Appointment; visitId: string }>> {
  return who.client.post(`/api/appointments/${id}/check-in`);
}

export function reschedule(
  who: Person,
  id: string,
  body: { startsAt: string; doctorId?: string },
): Promise<Answer<Appointment>> {
  return who.client.call<Appointment>('PUT', `/api/appointments/${id}`, body);
}

/**
 * Moves an appointment's start (and end, and clinic day) by `ms`, as time passing would:
 * negative brings it nearer. Written in the database, as the clock cannot be moved in a
 * running server.
 */
export async function shift(server: TestServer, id: string, ms: number): Promise<void> {
  await sql`update appointments
    set starts_at = starts_at + make_interval(secs => ${ms / 1000}),
        ends_at = ends_at + make_interval(secs => ${ms / 1000}),
        day = ((starts_at + make_interval(secs => ${ms / 1000})) at time zone 'Asia/Kathmandu')::date
    where id = ${id}`.execute(server.database.db);
}

export interface AppointmentAudit {
  type: string;
  agent_id: string | null;
  detail: Record<string, unknown> | null;
}

export async function auditOf(server: TestServer, id: string): Promise<AppointmentAudit[]> {
  const { rows } = await sql<AppointmentAudit>`select type, agent_id, detail from audit_events
    where entity_type = 'appointment' and entity_id = ${id} order by id`.execute(
    server.database.db,
  );
  return rows;
}

/** Moves an appointment so that it starts `ms` from now (before now when negative). */
export async function startIn(server: TestServer, appointment: Appointment, ms: number) {
  await shift(server, appointment.id, Date.now() + ms - Date.parse(appointment.startsAt));
}
