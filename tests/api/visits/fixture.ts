import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Visit } from '../../../shared/visits';
import type { ApiErrorBody, Answer } from '../auth/client';
import type { Person } from '../messaging/fixture';
import type { TestServer } from '../support/test-server';

export async function joinWaitingRoom(
  patient: Person,
  body: Record<string, unknown> = { reason: 'Fever for three days' },
): Promise<Visit> {
  const answer = await patient.client.post<Visit>('/api/visits', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

export async function act(who: Person, id: string, action: string): Promise<Answer<Visit>> {
  return who.client.post<Visit>(`/api/visits/${id}/${action}`);
}

export async function start(doctor: Person, id: string): Promise<Visit> {
  const answer = await act(doctor, id, 'start');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** A visit both are in: joined by the patient, started by the doctor, joined by the patient. */
export async function inProgress(patient: Person, doctor: Person): Promise<Visit> {
  const visit = await joinWaitingRoom(patient);
  await start(doctor, visit.id);
  const answer = await patient.client.post<{ visit: Visit }>(`/api/visits/${visit.id}/join`);
  expect(answer.status).toBe(200);
  expect(answer.body.visit.status).toBe('in_progress');
  return answer.body.visit;
}

export function expectError(answer: Answer, status: number, code: string, message?: string) {
  const summary = JSON.stringify(answer.body);
  expect(answer.status, summary).toBe(status);
  expect((answer.body as ApiErrorBody).error.code, summary).toBe(code);
  if (message !== undefined) expect((answer.body as ApiErrorBody).error.message).toBe(message);
}

/** Moves one of a visit's times into the past, as the clock would have. */
export async function backdate(
  server: TestServer,
  id: string,
  columns: string[],
  ms: number,
): Promise<void> {
  for (const column of columns) {
    await sql`update visits set ${sql.ref(column)} = now() - make_interval(secs => ${ms / 1000})
      where id = ${id}`.execute(server.database.db);
  }
}

export interface VisitEventRow {
  from_status: string | null;
  to_status: string;
  actor_id: string | null;
}

export async function eventsOf(server: TestServer, id: string): Promise<VisitEventRow[]> {
  const { rows } = await sql<VisitEventRow>`select from_status, to_status, actor_id
    from visit_events where visit_id = ${id} order by id`.execute(server.database.db);
  return rows;
}
