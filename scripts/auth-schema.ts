// Prints the SQL of Better Auth's tables for our options, to write a migration from.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getMigrations } from 'better-auth/db/migration';
import { createAuth } from '../server/src/auth/auth';
import { accountAudit } from '../server/src/auth/better-auth';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/database';

const dataDir = mkdtempSync(path.join(tmpdir(), 'sewa-schema-'));
const config = loadConfig({ DATA_DIR: dataDir });
const database = await openDatabase({ dataDir });
const auth = createAuth({
  config,
  db: database.db,
  mailer: { send: () => Promise.resolve(), close: () => undefined },
  sms: { available: false, send: () => Promise.resolve() },
  accountAudit: accountAudit(database.db),
});
const { compileMigrations } = await getMigrations(auth.options);
console.log(await compileMigrations());
await database.close();
