import type { Migration } from 'kysely';
import * as mailOutbox from './0001-mail-outbox';

/**
 * Every migration, in the order it runs. Listed by hand rather than read from
 * the folder so that the bundled server carries them without touching the disk.
 */
export const migrations: Record<string, Migration> = {
  '0001-mail-outbox': mailOutbox,
};
