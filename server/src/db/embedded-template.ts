import { existsSync, renameSync, rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { embeddedParsers, migrateToLatest } from './database';
import type { Database } from './schema';

/** Beside the bundled server: `npm run build` writes it, `npm start` reads it. */
export const embeddedTemplateDir = './embedded-template';

/**
 * Writes a new embedded database, initialised and migrated to the latest version, as a
 * directory, with `alsoRun` run after the migrations (the job queue's own tables). A first
 * start copies it instead of paying for initdb on WebAssembly.
 */
export async function writeEmbeddedTemplate(dir: string, alsoRun = ''): Promise<void> {
  // Written aside and renamed, so an interrupted build never leaves half a template.
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const client = await PGlite.create(partial, { parsers: embeddedParsers });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  try {
    await migrateToLatest(db);
    if (alsoRun) await client.exec(alsoRun);
  } finally {
    await db.destroy();
  }
  if (existsSync(dir)) rmSync(dir, { recursive: true });
  renameSync(partial, dir);
}
