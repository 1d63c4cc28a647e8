import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { PublicJwk, SmartClient } from '@shared/smart-clients';
import type { Database, SmartClientsTable } from '../db/schema';

const clientColumns = ['id', 'name', 'jwks', 'scopes', 'created_at', 'created_by'] as const;

type ClientRow = Pick<Selectable<SmartClientsTable>, (typeof clientColumns)[number]>;

function toClient(row: ClientRow): SmartClient {
  return {
    id: row.id,
    name: row.name,
    jwks: { keys: row.jwks.keys as PublicJwk[] },
    scopes: row.scopes,
    createdAt: new Date(row.created_at).toISOString(),
    createdBy: row.created_by,
  };
}

/** What a registration stores: keys already reduced to their public members. */
export interface ClientRegistration {
  name: string;
  keys: PublicJwk[];
  scopes: string[];
  createdBy: string;
}

/** The systems registered for SMART Backend Services (`0022-smart-clients`). */
export function smartClientsRepository(db: Kysely<Database>) {
  return {
    /** The clients not removed, newest first. */
    async list(): Promise<SmartClient[]> {
      const rows = await db
        .selectFrom('smart_clients')
        .select(clientColumns)
        .where('removed_at', 'is', null)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
      return rows.map(toClient);
    },

    async add(registration: ClientRegistration): Promise<SmartClient> {
      const row = await db
        .insertInto('smart_clients')
        .values({
          id: randomUUID(),
          name: registration.name,
          jwks: JSON.stringify({ keys: registration.keys }),
          scopes: JSON.stringify(registration.scopes),
          created_by: registration.createdBy,
        })
        .returning(clientColumns)
        .executeTakeFirstOrThrow();
      return toClient(row);
    },

    /** Marks the client removed; null when there is no such client, or it was removed already. */
    async remove(id: string, removedBy: string): Promise<SmartClient | null> {
      const row = await db
        .updateTable('smart_clients')
        .set({ removed_at: sql<Date>`now()`, removed_by: removedBy })
        .where('id', '=', id)
        .where('removed_at', 'is', null)
        .returning(clientColumns)
        .executeTakeFirst();
      return row ? toClient(row) : null;
    },

    /** A client that may still be given tokens: registered and not removed. */
    async active(id: string): Promise<SmartClient | null> {
      const row = await db
        .selectFrom('smart_clients')
        .select(clientColumns)
        .where('id', '=', id)
        .where('removed_at', 'is', null)
        .executeTakeFirst();
      return row ? toClient(row) : null;
    },
  };
}

export type SmartClientsRepository = ReturnType<typeof smartClientsRepository>;
