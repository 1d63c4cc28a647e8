import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { registerErrorHandler } from './http/error-handler';
import { registerSecurityHeaders } from './http/security-headers';
import { registerWebApp } from './http/web-app';
import { outboxRepository } from './mail/outbox-repository';
import { registerDevMailRoutes } from './routes/dev-mail';
import { registerHealthRoutes } from './routes/health';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** The built web app; when absent only the API is served. */
  webRoot?: string | undefined;
}

export function usesDevOutbox(config: Config): boolean {
  return config.smtpUrl === undefined && config.nodeEnv !== 'production';
}

/** Builds the whole HTTP application; `main` only adds listening and shutdown. */
export async function buildApp({
  config,
  database,
  webRoot,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  });

  registerErrorHandler(app);
  await registerSecurityHeaders(app, config.publicUrl.startsWith('https:'));
  await app.register(compress, { global: true, threshold: 1024 });

  registerHealthRoutes(app, database);
  if (usesDevOutbox(config)) {
    registerDevMailRoutes(app, outboxRepository(database.db));
  }

  await registerWebApp(app, { root: webRoot ?? '', appMode: config.appMode });
  return app;
}
