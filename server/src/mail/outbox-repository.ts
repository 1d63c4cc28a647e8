import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

/** The development outbox: mail kept in the database instead of being sent. */
export function outboxRepository(db: Kysely<Database>) {
  return {
    async add(mail: Omit<OutboxMail, 'createdAt'>): Promise<void> {
      await db
        .insertInto('mail_outbox')
        .values({
          to_address: mail.to,
          subject: mail.subject,
          text_body: mail.text,
          html_body: mail.html,
        })
        .execute();
    },

    async listNewestFirst(limit = 200): Promise<OutboxMail[]> {
      const rows = await db
        .selectFrom('mail_outbox')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        createdAt: new Date(row.created_at).toISOString(),
      }));
    },
  };
}

export type OutboxRepository = ReturnType<typeof outboxRepository>;
