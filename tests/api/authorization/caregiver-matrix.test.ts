import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actingForHeader, type CarePermissions } from '@shared/care-circle';
import { fhirBasePath } from '@shared/fhir';
import type { Answer } from '../auth/client';
import { databaseVariants } from '../support/test-server';
import { mayCall, ownable, refusedBody, send } from './cells';
import { appointmentOf, matrix, medicationOf, photoOf, visitOf, type MatrixEntry } from './matrix';
import { startWorld, type Caller, type World } from './world';

/**
 * The whole authorization matrix again, called by caregivers acting for a patient: one whose
 * access the patient removed, one for each permission alone, and one with all three. Each
 * route's `forPatient` says what a caregiver needs; everything else meets the answer a
 * caller without the grant meets, and no grant lends what the patient alone may do.
 */
type GrantState = 'removed' | keyof CarePermissions | 'all';

const grantStates: Record<GrantState, CarePermissions> = {
  removed: { record: true, message: true, visits: true },
  record: { record: true, message: false, visits: false },
  message: { record: false, message: true, visits: false },
  visits: { record: false, message: false, visits: true },
  all: { record: true, message: true, visits: true },
};

interface CaregiverCell {
  name: string;
  entry: MatrixEntry;
  state: GrantState;
}

const cells: CaregiverCell[] = matrix.flatMap((entry) =>
  (Object.keys(grantStates) as GrantState[]).map((state) => ({
    name: `${entry.route}${entry.endpoint ? ` (${entry.endpoint})` : ''} for the patient, ${
      state === 'removed' ? 'access removed' : `granted ${state}`
    }`,
    entry,
    state,
  })),
);

/** Routes that never read the acting-for header: public ones and the account system's mount. */
const headerBlind = (entry: MatrixEntry) =>
  entry.access.kind === 'public' ||
  entry.endpoint !== undefined ||
  // The FHIR API reads no acting-for header: a request names whom it is about.
  entry.route.startsWith(`GET ${fhirBasePath}/`);

type Expected = 'through' | 'refused' | 'ended' | 'withheld';

/**
 * What the caregiver of a cell must meet: let through; refused as a caller without the
 * grant is (403 or 404); their access ended (403 `care_access_ended`, so the device erases
 * the patient); or, for a permission the grant lacks, nothing of the patient's (a refusal,
 * or a list with none of it).
 */
function expected({ entry, state }: CaregiverCell): Expected {
  const asOwn = () =>
    mayCall({ name: '', entry, role: 'patient', own: true }) ? 'through' : 'refused';
  if (entry.forPatient === 'named-record') {
    // The request names the patient itself; a removed grant is no grant.
    return state !== 'removed' && grantStates[state].record ? 'through' : 'withheld';
  }
  if (headerBlind(entry)) return asOwn();
  if (state === 'removed') return 'ended';
  switch (entry.forPatient) {
    case 'self':
      // The caregiver's own account; a resource the route names is the patient's.
      return ownable(entry) ? 'refused' : asOwn();
    case 'never':
    case 'guardian':
      return 'refused';
    case 'record':
    case 'message':
    case 'visits':
      return grantStates[state][entry.forPatient] ? 'through' : 'withheld';
    default:
      // Any one of several permissions.
      return entry.forPatient.some((permission) => grantStates[state][permission])
        ? 'through'
        : 'withheld';
  }
}

/** Whether an answer carries what was asked: a 2xx that is not an empty list or no conversation. */
function showsSomething(answer: Answer): boolean {
  if (answer.status < 200 || answer.status > 299) return false;
  if (Array.isArray(answer.body)) return answer.body.length > 0;
  if (answer.body === null || typeof answer.body !== 'object') return true;
  const body = answer.body as { conversation?: unknown; resourceType?: unknown; entry?: unknown };
  if (body.resourceType === 'Bundle') return Array.isArray(body.entry) && body.entry.length > 0;
  return !('conversation' in body && !body.conversation);
}

/** Lists that are empty when let through too: a fresh visit has no signals yet. */
const mayBeEmpty = new Set<string>(['GET /api/visits/:id/signals']);

describe.each(databaseVariants)(
  'the authorization matrix for caregivers on the $name database',
  (variant) => {
    let world: World;
    let patient: Caller;
    const caregivers = new Map<GrantState, Caller>();

    beforeAll(async () => {
      world = await startWorld(variant);
      const { db } = world.server.database;
      patient = world.otherPatient;
      for (const [state, permissions] of Object.entries(grantStates) as [
        GrantState,
        CarePermissions,
      ][]) {
        const caregiver = await world.addPatient(`caregiver-${state}@example.com`, `Hari ${state}`);
        const grantId = randomUUID();
        await sql`insert into care_grants (id, patient_id, caregiver_id, relationship, may_record,
            may_message, may_visits)
          values (${grantId}, ${patient.userId}, ${caregiver.userId}, 'son', ${permissions.record},
            ${permissions.message}, ${permissions.visits})`.execute(db);
        if (state === 'removed') {
          const removed = await patient
            .client()
            .call('DELETE', `/api/care-circle/caregivers/${grantId}`);
          if (removed.status !== 204) throw new Error(`not removed: ${removed.status}`);
        }
        caregivers.set(state, caregiver);
      }
      // Something of hers on every list a grant opens: a photo, her care-team conversation,
      // a reading, a medicine, a finished visit, an appointment.
      await photoOf(world, patient);
      const care = await patient
        .client()
        .post<{ conversation: { id: string } }>('/api/messaging/care-team');
      await patient
        .client()
        .post(`/api/messaging/conversations/${care.body.conversation.id}/messages`, {
          id: randomUUID(),
          content: 'My knee hurts',
        });
      await patient.client().post(`/api/patients/${patient.userId}/vitals`, {
        id: randomUUID(),
        heartRate: 72,
      });
      await medicationOf(world, patient);
      await visitOf('finished')(world, patient);
      await appointmentOf()(world, patient);
    });
    afterAll(async () => {
      await world.close();
    });

    it.each(cells.map((cell) => [cell.name, cell] as const))('%s', async (_name, cell) => {
      const { entry } = cell;
      const caregiver = caregivers.get(cell.state)!;
      // The caregiver's own account for a route of their own; else the patient's resource.
      const ownRoute = entry.forPatient === 'self' && !ownable(entry);
      const subject = ownRoute ? caregiver : patient;
      const resource = entry.prepare ? await entry.prepare(world, subject) : '';
      const context = { world, caller: subject, resource };
      const call = entry.call(context);
      if (entry.stream) {
        call.path += `${call.path.includes('?') ? '&' : '?'}for=${patient.userId}`;
      }
      const method = entry.route.split(' ')[0]!;
      const answer = await send(caregiver, method, call, entry.stream === true, {
        [actingForHeader]: patient.userId!,
      });
      const summary = `${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`;

      switch (expected(cell)) {
        case 'through':
          expect(entry.allowed ?? [200], summary).toContain(answer.status);
          if (!ownRoute && !mayBeEmpty.has(entry.route)) {
            expect(showsSomething(answer), summary).toBe(true);
          }
          await entry.check?.(answer, context);
          break;
        case 'ended':
          expect(answer.status, summary).toBe(403);
          expect((answer.body as { error: { code: string } }).error.code).toBe('care_access_ended');
          break;
        case 'refused':
          expect([403, 404], summary).toContain(answer.status);
          expect(answer.body).toEqual(refusedBody(entry));
          break;
        case 'withheld':
          expect(showsSomething(answer), summary).toBe(false);
          expect(answer.status, summary).toBeLessThan(500);
          if (answer.status >= 400) expect(answer.body).toEqual(refusedBody(entry));
          break;
      }
    });
  },
);
