import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Browser } from '@playwright/test';
import { demoDoctor, newPatient, type Person } from './visit-people';

/** A patient whose finished visit with the demo doctor makes that doctor one who cares for them. */
export interface CaredForPatient {
  patient: Person;
  patientId: string;
  doctor: Person;
}

async function post(request: APIRequestContext, path: string, data?: unknown) {
  const response = await request.post(path, data === undefined ? {} : { data });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * A new patient, signed in, after a video visit through the API: they join, the demo doctor
 * starts it, they come in, the doctor ends it with a summary.
 */
export async function afterAVisit(
  browser: Browser,
  baseURL: string,
  firstName: string,
): Promise<CaredForPatient> {
  const patient = await newPatient(browser, baseURL, firstName);
  const doctor = await demoDoctor(browser, baseURL);
  const me = (await (await patient.page.request.get('/api/me')).json()) as { user: { id: string } };
  const visit = await post(patient.page.request, '/api/visits', { reason: 'Sugar check' });
  const id = String(visit.id);
  await post(doctor.page.request, `/api/visits/${id}/start`);
  await post(patient.page.request, `/api/visits/${id}/join`);
  await post(doctor.page.request, `/api/visits/${id}/end`);
  const summary = await doctor.page.request.put(`/api/visits/${id}/summary`, {
    data: { summary: 'Sugar a little high. Start metformin.' },
  });
  expect(summary.ok(), await summary.text()).toBe(true);
  return { patient, patientId: me.user.id, doctor };
}

export interface Prescription {
  medicine: string;
  dose: { amount: number; form: 'tablet' | 'capsule' | 'ml' | 'drops' | 'puffs' | 'units' };
  times: ('morning' | 'midday' | 'evening' | 'night')[];
  food?: 'before' | 'with' | 'after' | 'any';
  startDay?: string;
  days?: number;
  note?: string;
}

/** The doctor prescribes through the API; answers the stored medication's id. */
export async function prescribe(
  doctor: Person,
  patientId: string,
  prescription: Prescription,
): Promise<string> {
  const stored = await post(doctor.page.request, `/api/patients/${patientId}/medications`, {
    id: randomUUID(),
    ...prescription,
  });
  return String(stored.id);
}

export async function stopMedication(
  doctor: Person,
  patientId: string,
  medicationId: string,
  reason: string,
): Promise<void> {
  await post(doctor.page.request, `/api/patients/${patientId}/medications/${medicationId}/stop`, {
    reason,
  });
}

export interface DoseAnswer {
  medicationId: string;
  timeOfDay: string;
  taken: { at: string } | null;
}

/** Today's doses as the server holds them, read as `who`. */
export async function dosesToday(who: Person, patientId: string): Promise<DoseAnswer[]> {
  const response = await who.page.request.get(`/api/patients/${patientId}/doses`);
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as DoseAnswer[];
}

/** The patient's medications with their 7-day adherence, read as `who`. */
export async function medicationsOf(
  who: Person,
  patientId: string,
): Promise<{ id: string; medicine: string; adherence: { taken: number } }[]> {
  const response = await who.page.request.get(`/api/patients/${patientId}/medications`);
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as {
    id: string;
    medicine: string;
    adherence: { taken: number };
  }[];
}
