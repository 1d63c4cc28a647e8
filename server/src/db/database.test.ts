import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { outboxRepository } from '../mail/outbox-repository';
import { migrateToLatest, openDatabase } from './database';

describe('the embedded database', () => {
  it('keeps its data across a restart and migrates only once', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sewa-db-'));

    const first = await openDatabase({ dataDir });
    await migrateToLatest(first.db);
    await outboxRepository(first.db).add({
      to: 'x@example.com',
      subject: 'Kept',
      text: 't',
      html: 'h',
    });
    await first.close();

    const second = await openDatabase({ dataDir });
    await migrateToLatest(second.db);
    const mails = await outboxRepository(second.db).listNewestFirst();
    expect(mails.map((mail) => mail.subject)).toEqual(['Kept']);
    await second.close();
  });
});
