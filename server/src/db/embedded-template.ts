import { renameSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { embeddedParsers, migrateToLatest } from './database';
import type { Database } from './schema';

/** Beside the bundled server: `npm run build` writes it, `npm start` reads it. */
export const embeddedTemplateFile = './embedded-template.tar.gz';

/**
 * Writes a new embedded database, initialised and migrated to the latest version, as a gzip
 * tarball. A first start copies it instead of paying for initdb on WebAssembly.
 */
export async function writeEmbeddedTemplate(file: string): Promise<void> {
  const client = await PGlite.create({ parsers: embeddedParsers });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  try {
    await migrateToLatest(db);
    const tarball = await client.dumpDataDir('gzip');
    // Written aside and renamed, so an interrupted build never leaves half a template.
    writeFileSync(`${file}.partial`, Buffer.from(await tarball.arrayBuffer()));
    renameSync(`${file}.partial`, file);
  } finally {
    await db.destroy();
  }
}
