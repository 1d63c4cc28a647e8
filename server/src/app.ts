import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { createAuth, type Auth } from './auth/auth';
import { registerAuthRoutes } from './routes/auth';
import { callerResolver, sessionRoleReader } from './auth/current-user';
import { expiredVerifications } from './auth/better-auth';
import { usersRepository } from './auth/users-repository';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  registerErrorHandler,
} from './http/error-handler';
import { registerCanonicalPathCheck } from './http/canonical-path';
import { recordRoutes, type RouteEntry } from './http/route-table';
import { requireUserWith } from './auth/require-user';
import { useRouteSchemas } from './http/route-schemas';
import { registerSameOriginCheck } from './http/same-origin';
import { redactLogLine } from './http/log-redaction';
import { registerSecurityHeaders } from './http/security-headers';
import { registerWebApp } from './http/web-app';
import { createMailer, type Mailer } from './mail/mailer';
import { outboxRepository } from './mail/outbox-repository';
import { messagingRepository } from './messaging/messaging-repository';
import { startHousekeeping } from './maintenance/housekeeping';
import { mfaRepository } from './mfa/mfa-repository';
import { profilesRepository } from './profiles/profiles-repository';
import { rateLimiter } from './rate-limit/rate-limiter';
import { messageHub } from './realtime/message-hub';
import { visitHub } from './realtime/visit-hub';
import { createSmsSender } from './sms/sms-sender';
import { registerClinicRoutes } from './routes/clinic';
import { registerDevMailRoutes } from './routes/dev-mail';
import { registerHealthRoutes } from './routes/health';
import { registerMeRoutes } from './routes/me';
import { registerMessagingRoutes } from './routes/messaging';
import { registerMfaRoutes } from './routes/mfa';
import { registerProfileRoutes } from './routes/profile';
import { registerUploadRoutes } from './routes/uploads';
import { registerVisitRoutes } from './routes/visits';
import { openPhotoStorage } from './storage/open-photo-storage';
import { uploadsRepository } from './uploads/uploads-repository';
import { visitsRepository } from './visits/visits-repository';
import { auditRepository } from './audit/audit-repository';
import { auditTrail } from './audit/audit-trail';
import { registerAuditRoutes } from './routes/audit';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** The built web app; when absent only the API is served. */
  webRoot?: string | undefined;
  /** Where log lines go; standard output when absent. */
  logDestination?: { write(line: string): void } | undefined;
}

export interface App {
  server: FastifyInstance;
  auth: Auth;
  mailer: Mailer;
  /** Every route registered, in order; what the authorization matrix is checked against. */
  routes: RouteEntry[];
}

export function usesDevOutbox(config: Config): boolean {
  return config.smtpUrl === undefined && config.nodeEnv !== 'production';
}

/** Builds the whole HTTP application; `main` only adds listening and shutdown. */
export async function buildApp({
  config,
  database,
  webRoot,
  logDestination,
}: AppOptions): Promise<App> {
  const { db } = database;
  const fastify = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      hooks: { streamWrite: redactLogLine },
      ...(logDestination ? { stream: logDestination } : {}),
    },
    // A forwarded address is believed only from the proxies the operator named.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  });
  const server = useRouteSchemas(fastify);
  const routes = recordRoutes(server);

  const outbox = outboxRepository(db);
  const mailer = createMailer(config, outbox, server.log);
  const auth = createAuth({
    config,
    db,
    mailer,
    sms: createSmsSender(config, outbox),
    audit: auditRepository(db),
    log: server.log,
  });
  const profiles = profilesRepository(db);
  const limiter = rateLimiter(db);
  const requireUser = requireUserWith(callerResolver(auth, db, config.publicUrl));
  const visits = visitsRepository(db);
  const audit = auditRepository(db);
  const trail = auditTrail(database.unitOfWork, audit);
  server.addHook('onClose', () => mailer.close());
  const housekeeping = startHousekeeping(
    [
      { name: 'rate-limit counters', run: () => limiter.prune() },
      { name: 'expired verifications', run: () => expiredVerifications(db).prune() },
      { name: 'visit signals', run: () => visits.pruneSignals() },
      {
        name: 'audit retention',
        run: () => audit.prune(config.auditRetentionDays).then(() => undefined),
      },
    ],
    server.log,
  );
  server.addHook('onClose', () => housekeeping.stop());
  const photos = await openPhotoStorage(config);
  server.addHook('onClose', () => photos.close());

  registerErrorHandler(server, { databaseUsable: () => database.ping() });
  registerCanonicalPathCheck(server);
  registerSecurityHeaders(server, config.publicUrl.startsWith('https:'));
  await server.register(compress, { global: true, threshold: 1024 });
  registerSameOriginCheck(server, config.publicUrl);

  registerHealthRoutes(server, { database, photos });
  registerAuthRoutes(server, { auth, limiter, trail, publicUrl: config.publicUrl });
  registerMeRoutes(server, { users: usersRepository(db), profiles, requireUser });
  registerProfileRoutes(server, { profiles, requireUser, trail });
  registerMfaRoutes(server, {
    auth,
    mfa: mfaRepository(db),
    requireUser,
    limiter,
    trail,
  });
  registerClinicRoutes(server, { clinicKeys: config.clinicKeys, limiter });
  await registerUploadRoutes(server, {
    uploads: uploadsRepository(db),
    photos,
    requireUser,
    trail,
  });
  const messaging = messagingRepository(db);
  registerMessagingRoutes(server, {
    messaging,
    hub: messageHub(database.notifications, messaging),
    requireUser,
    trail,
  });
  registerVisitRoutes(server, {
    visits,
    hub: visitHub(database.notifications, visits),
    requireUser,
    limiter,
    turn: config.turn,
    trail,
  });
  registerAuditRoutes(server, { audit, requireUser });
  if (usesDevOutbox(config)) registerDevMailRoutes(server, outbox);

  await registerWebApp(server, {
    root: webRoot ?? '',
    appMode: config.appMode,
    readerRole: sessionRoleReader(auth, db),
  });
  return { server, auth, mailer, routes };
}
