import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { loadConfig, SettingError } from './config';
import { migrateToLatest, openDatabase } from './db/database';

function loadConfigOrExit() {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof SettingError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = loadConfigOrExit();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(database.db);

  const webRoot = fileURLToPath(new URL('../web', import.meta.url));
  const app = await buildApp({ config, database, webRoot });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const database_ =
    database.kind === 'embedded' ? `embedded database in ${config.dataDir}` : 'PostgreSQL server';
  console.log(`\nSewa is running at ${config.publicUrl} (${database_})\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
