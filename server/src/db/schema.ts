import type { ColumnType, Generated } from 'kysely';

/** Timestamps are written by the database and read back as Date. */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: CreatedAt;
}

export interface Database {
  mail_outbox: MailOutboxTable;
}
