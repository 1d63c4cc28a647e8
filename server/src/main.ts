import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { demoPassword, demoUsers, seedDemoUsers } from './auth/demo-users';
import { loadConfig, SettingError } from './config';
import { migrateToLatest, openDatabase } from './db/database';
import { embeddedTemplateDir } from './db/embedded-template';
import { profilesRepository } from './profiles/profiles-repository';

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
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    embeddedTemplate: fileURLToPath(new URL(embeddedTemplateDir, import.meta.url)),
  });
  await migrateToLatest(database.db);

  const webRoot = fileURLToPath(new URL('../web', import.meta.url));
  const { server, auth } = await buildApp({ config, database, webRoot });
  if (config.demoUsers) await seedDemoUsers(auth, database.db, profilesRepository(database.db));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    server.log.info({ signal }, 'shutting down');
    await server.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await server.listen({ port: config.port, host: config.host });

  const where =
    database.kind === 'embedded' ? `embedded database in ${config.dataDir}` : 'PostgreSQL server';
  const lines = [`Sewa is running at ${config.publicUrl} (${where})`];
  const store = config.objectStorage;
  if (store !== undefined) {
    lines.push(`Photos are kept in the bucket ${store.bucket} at ${store.endpoint ?? 'AWS S3'}`);
  }
  if (config.smtpUrl === undefined && config.nodeEnv !== 'production') {
    lines.push(`Mail is kept in the development outbox: ${config.publicUrl}/dev/mail`);
  }
  if (config.demoUsers) {
    lines.push(`Demo sign-ins (password ${demoPassword}):`);
    for (const demo of demoUsers) lines.push(`  ${demo.role.padEnd(11)} ${demo.email}`);
  }
  console.log(`\n${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
