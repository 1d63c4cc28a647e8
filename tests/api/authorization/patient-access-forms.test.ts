import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '@shared/role';
import {
  allows,
  conversationFilter,
  conversationRule,
  patientAccess,
  patientActions,
  type ConversationParties,
} from '../../../server/src/access/patient-access';
import type { Actor } from '../../../server/src/auth/actor';
import { databaseVariants, startTestServer, type TestServer } from '../support/test-server';

/**
 * The access policy's rules are read two ways, as SQL (list filters and single checks) and in
 * memory (the push fan-out). Over every role, relation and action, both give one answer.
 */
describe.each(databaseVariants)(
  'the two forms of the access policy on the $name database',
  (variant) => {
    let server: TestServer;
    const patientId = randomUUID();
    const caringDoctorId = randomUUID();
    const otherId = randomUUID();
    /** Doctors of the patient's appointments: one booked ahead, one seen 30 days ago. */
    const bookedDoctorId = randomUUID();
    const seenDoctorId = randomUUID();
    /** Doctors whose appointments give no care: cancelled, and finished past the care window. */
    const cancelledDoctorId = randomUUID();
    const longAgoDoctorId = randomUUID();
    const appointmentDoctors = [
      { id: bookedDoctorId, status: 'booked', days: -3, cares: true },
      { id: seenDoctorId, status: 'finished', days: 30, cares: true },
      { id: cancelledDoctorId, status: 'cancelled', days: -2, cares: false },
      { id: longAgoDoctorId, status: 'finished', days: 120, cares: false },
    ];
    /** Doctors who answered in the care-team conversation: 10 days ago, and 120 days ago. */
    const answeringDoctors = [
      { id: randomUUID(), days: 10, cares: true },
      { id: randomUUID(), days: 120, cares: false },
    ];
    const careConversation = randomUUID();
    const directConversation = randomUUID();
    const doctorIds = [...appointmentDoctors, ...answeringDoctors].map((doctor) => doctor.id);
    const caringIds = [...appointmentDoctors, ...answeringDoctors]
      .filter((doctor) => doctor.cares)
      .map((doctor) => doctor.id);

    beforeAll(async () => {
      server = await startTestServer({ variant, env: { DEMO_USERS: 'false' } });
      const { db } = server.database;
      for (const id of [patientId, caringDoctorId, otherId, ...doctorIds]) {
        await sql`insert into "user" (id, name, email, "emailVerified")
        values (${id}, 'Forms', ${`${id}@example.com`}, true)`.execute(db);
      }
      await sql`insert into visits (id, patient_id, doctor_id, status, type, priority, reason,
        started_at, in_progress_at, ended_at)
      values (${randomUUID()}, ${patientId}, ${caringDoctorId}, 'finished', 'video', 'routine', '',
        now() - interval '2 days', now() - interval '2 days', now() - interval '1 day')`.execute(
        db,
      );
      for (const doctor of appointmentDoctors) {
        await sql`insert into appointments (id, patient_id, doctor_id, status, starts_at, ends_at, day)
          values (${randomUUID()}, ${patientId}, ${doctor.id}, ${doctor.status},
            now() - make_interval(days => ${doctor.days}),
            now() - make_interval(days => ${doctor.days}) + interval '15 minutes',
            (now() - make_interval(days => ${doctor.days}))::date)`.execute(db);
      }
      await sql`insert into conversations (id, title, participant_ids, is_care_team, care_team_patient_id)
      values (${careConversation}, 'Care Team', array[${patientId}]::text[], true, ${patientId}),
             (${directConversation}, 'Direct', array[${patientId}, ${otherId}]::text[], false, null)`.execute(
        db,
      );
      for (const doctor of answeringDoctors) {
        await sql`insert into messages (id, conversation_id, sender_id, content, created_at)
          values (${randomUUID()}, ${careConversation}, ${doctor.id}, 'How are you today?',
            now() - make_interval(days => ${doctor.days}))`.execute(db);
      }
    });
    afterAll(async () => {
      await server.close();
    });

    const actors = (): { actor: Actor; caresFor: boolean }[] =>
      roles.flatMap((role) =>
        [patientId, caringDoctorId, otherId, ...doctorIds].flatMap((id) =>
          [null, patientId].map((onBehalfOf) => ({
            actor: {
              caller: { id, email: `${id}@example.com`, role },
              address: '127.0.0.1',
              onBehalfOf,
            },
            caresFor: id === caringDoctorId || caringIds.includes(id),
          })),
        ),
      );

    it('gives the same answer to every actor for every action on the patient', async () => {
      const access = patientAccess(server.database.db);
      let compared = 0;
      for (const { actor, caresFor } of actors()) {
        for (const action of patientActions) {
          const inSql = await access.can(actor, action, patientId);
          const inMemory = allows(actor, action, patientId, { caresFor });
          expect(inSql, `${action} by ${actor.caller.role} ${actor.caller.id}`).toBe(inMemory);
          compared += 1;
        }
        // Who may add to the record is who may read it: the patient, and a doctor who cares.
        const who = `${actor.caller.role} ${actor.caller.id}`;
        expect(allows(actor, 'write-record', patientId, { caresFor }), who).toBe(
          allows(actor, 'read-record', patientId, { caresFor }),
        );
      }
      expect(compared).toBe(roles.length * (3 + doctorIds.length) * 2 * patientActions.length);
    });

    it('gives the same answer on who reads which conversation', async () => {
      const parties: Record<string, ConversationParties> = {
        [careConversation]: { participantIds: [patientId], carePatientId: patientId },
        [directConversation]: { participantIds: [patientId, otherId], carePatientId: null },
      };
      for (const { actor } of actors()) {
        const readable = await server.database.db
          .selectFrom('conversations')
          .select('id')
          .where('id', 'in', [careConversation, directConversation])
          .where(conversationFilter(actor))
          .execute();
        const inSql = readable.map((row) => row.id).sort();
        const inMemory = Object.entries(parties)
          .filter(([, conversation]) => conversationRule(actor, conversation))
          .map(([id]) => id)
          .sort();
        expect(inSql, `${actor.caller.role} ${actor.caller.id}`).toEqual(inMemory);
      }
    });
  },
);
