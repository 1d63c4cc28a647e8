import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { agentOf, auditTrail } from '../server/src/audit/audit-trail';
import { auditRepository } from '../server/src/audit/audit-repository';
import { actingAsThemselves } from '../server/src/auth/actor';
import { callerQueries } from '../server/src/auth/callers';
import { loadConfig } from '../server/src/config';
import { migrateToLatest, openDatabase } from '../server/src/db/database';
import { messagingRepository } from '../server/src/messaging/messaging-repository';
import { onBenchDatabases, type BenchDatabase } from './bench-databases';
import { percentile } from './percentile';

export interface AuditCostFigures {
  database: BenchDatabase;
  /** Median time of one send with its audit entry, and of the same send without. */
  auditedMs: number;
  plainMs: number;
}

/** Sends timed each way; the two ways alternate in rounds so drift on a noisy machine hits both. */
const rounds = 40;
const sendsPerRound = 25;

/**
 * What the send route asks of the database, timed with and without its audit entry, on one
 * database in one run: whose session it is, who may read the conversation, the insert, and
 * the announcement. The audited send is the route's own: the message and its entry in one
 * transaction (`trail.change`), where the plain send is the insert alone.
 */
export async function benchAuditCost(): Promise<AuditCostFigures[]> {
  return onBenchDatabases('audit', async (database, env) => {
    const config = loadConfig(env);
    const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      await migrateToLatest(handle.db);
      const { db } = handle;
      const senderId = `bench-${randomUUID()}`;
      await sql`insert into "user" (id, name, email, "emailVerified")
        values (${senderId}, 'Bench', ${`${senderId}@example.com`}, true)`.execute(db);
      const conversationId = randomUUID();
      await db
        .insertInto('conversations')
        .values({
          id: conversationId,
          title: 'Care Team',
          participant_ids: [senderId],
          is_care_team: true,
          care_team_patient_id: senderId,
        })
        .execute();
      const sessionToken = randomUUID();
      await sql`insert into "session" (id, token, "userId", "expiresAt", "updatedAt")
        values (${randomUUID()}, ${sessionToken}, ${senderId}, now() + interval '1 day', now())`.execute(
        db,
      );
      const messaging = messagingRepository(db);
      const callers = callerQueries(db);
      const trail = auditTrail(handle.unitOfWork, auditRepository(db));

      async function send(audited: boolean): Promise<number> {
        const started = performance.now();
        const caller = await callers.bySessionToken(sessionToken);
        if (!caller) throw new Error('the bench session is gone');
        const conversation = await messaging.facts(conversationId);
        const input = {
          id: randomUUID(),
          conversationId,
          senderId,
          agentId: null,
          content: 'Namaste, my fever came back last night.',
        };
        const store = () => messaging.send(input);
        if (audited) {
          // As the messaging service sends: the message and its entry in one transaction.
          await trail.change(store, () => ({
            type: 'message-sent',
            agent: agentOf(actingAsThemselves(caller, '127.0.0.1')),
            entity: {
              type: 'message',
              id: input.id,
              subjectId: conversation?.carePatientId ?? null,
            },
            detail: { conversationId },
          }));
        } else {
          await store();
        }
        await handle.notifications.notify('bench_audit', input.id);
        return performance.now() - started;
      }

      // Warm both paths before timing.
      for (let i = 0; i < 20; i += 1) await send(i % 2 === 0);
      const audited: number[] = [];
      const plain: number[] = [];
      for (let round = 0; round < rounds; round += 1) {
        const first = round % 2 === 0;
        for (const way of [first, !first]) {
          for (let i = 0; i < sendsPerRound; i += 1) (way ? audited : plain).push(await send(way));
        }
      }
      const ascending = (list: number[]) => list.sort((a, b) => a - b);
      return {
        database,
        auditedMs: percentile(ascending(audited), 50),
        plainMs: percentile(ascending(plain), 50),
      };
    } finally {
      await handle.close();
    }
  });
}
