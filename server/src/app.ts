import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { createAuth, type Auth } from './auth/auth';
import { registerAuthRoutes } from './routes/auth';
import { callerResolver, sessionReader } from './auth/current-user';
import { authService } from './auth/auth-service';
import {
  accountAudit,
  createConfirmedAccount,
  expiredVerifications,
  passwordHashOf,
  unconfirmedAccounts,
} from './auth/better-auth';
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
import { allowedOrigins } from './http/allowed-origins';
import { redactLogLine } from './http/log-redaction';
import { registerSecurityHeaders } from './http/security-headers';
import { registerWebApp } from './http/web-app';
import { createMailer, type Mailer } from './mail/mailer';
import { outboxRepository } from './mail/outbox-repository';
import { messagingRepository } from './messaging/messaging-repository';
import { messagingService } from './messaging/messaging-service';
import { startHousekeeping } from './maintenance/housekeeping';
import { mfaRepository } from './mfa/mfa-repository';
import { profilesRepository } from './profiles/profiles-repository';
import { rateLimiter } from './rate-limit/rate-limiter';
import { messageHub } from './realtime/message-hub';
import { careAccessChanges } from './realtime/care-access-changes';
import { sessionEndings } from './realtime/session-endings';
import { visitHub } from './realtime/visit-hub';
import { createSmsSender } from './sms/sms-sender';
import { registerClinicRoutes } from './routes/clinic';
import { registerClinicsRoutes } from './routes/clinics';
import { registerClinicSettingsRoutes } from './routes/clinic-settings';
import { clinicSettingsRepository } from './clinics/clinic-settings-repository';
import { clinicSettingsService } from './clinics/clinic-settings-service';
import { clinicsRepository } from './clinics/clinics-repository';
import { clinicsService } from './clinics/clinics-service';
import { registerHmisRoutes } from './routes/hmis';
import { hmisRepository } from './hmis/hmis-repository';
import { hmisService } from './hmis/hmis-service';
import { dhis2Client } from './hmis/dhis2-client';
import { clinicService } from './clinic/clinic-service';
import { registerDevMailRoutes } from './routes/dev-mail';
import { registerHealthRoutes } from './routes/health';
import { registerMeRoutes } from './routes/me';
import { registerMessagingRoutes } from './routes/messaging';
import { registerMfaRoutes } from './routes/mfa';
import { registerProfileRoutes } from './routes/profile';
import { registerUploadRoutes } from './routes/uploads';
import { registerVisitRoutes } from './routes/visits';
import { registerAppointmentRoutes } from './routes/appointments';
import { registerDoctorHoursRoutes } from './routes/doctor-hours';
import { appointmentsRepository } from './appointments/appointments-repository';
import { appointmentsService } from './appointments/appointments-service';
import { registerVitalsRoutes } from './routes/vitals';
import { registerMedicationRoutes } from './routes/medications';
import { registerChartRoutes } from './routes/chart';
import { registerFhirRoutes } from './routes/fhir';
import { fhirService } from './fhir/fhir-service';
import { fhirRepository } from './fhir/fhir-repository';
import { fhirRecordRepository } from './fhir/fhir-record-repository';
import { fhirReadings } from './fhir/fhir-reading';
import { fhirReaderOf } from './fhir/fhir-reader';
import { servedTypes } from './fhir/capability-statement';
import { fhirBasePath } from '@shared/fhir';
import { smartTokenPath } from '@shared/smart';
import { registerSmartRoutes } from './routes/smart';
import { registerSmartClientRoutes } from './routes/smart-clients';
import { smartClientsRepository } from './smart/smart-clients-repository';
import { smartClientsService } from './smart/smart-clients-service';
import { smartTokensRepository } from './smart/smart-tokens-repository';
import { smartTokenService } from './smart/smart-token-service';
import { smartConfiguration } from './smart/smart-configuration';
import { openPhotoStorage } from './storage/open-photo-storage';
import { uploadsRepository } from './uploads/uploads-repository';
import { uploadsService } from './uploads/uploads-service';
import { visitsRepository } from './visits/visits-repository';
import { vitalsRepository } from './record/vitals-repository';
import { vitalsService } from './record/vitals-service';
import { medicationsRepository } from './record/medications-repository';
import { medicationsService } from './record/medications-service';
import { chartRepository } from './record/chart-repository';
import { chartService } from './record/chart-service';
import { clockIntervalMs as visitClockIntervalMs, visitsService } from './visits/visits-service';
import { patientAccess } from './access/patient-access';
import { auditRepository } from './audit/audit-repository';
import { auditTrail } from './audit/audit-trail';
import { registerAuditRoutes } from './routes/audit';
import { auditService } from './audit/audit-service';
import { pausedSignIns } from './rate-limit/auth-call-limits';
import { healthService } from './health/health-service';
import { healthRecordIntervalMs, healthRepository } from './health/health-repository';
import { sessionActivity } from './auth/session-activity';
import { figuresRepository } from './figures/figures-repository';
import { figuresService } from './figures/figures-service';
import { registerFiguresRoutes } from './routes/figures';
import { patientsRepository } from './patients/patients-repository';
import { patientsService } from './patients/patients-service';
import { registerPatientsRoutes } from './routes/patients';
import { outboxService } from './mail/outbox-service';
import { mfaService } from './mfa/mfa-service';
import { profilesService } from './profiles/profiles-service';
import { startJobQueue } from './jobs/job-queue';
import { careCircleRepository } from './care-circle/care-circle-repository';
import { careCircleService } from './care-circle/care-circle-service';
import { registerCareCircleRoutes } from './routes/care-circle';
import { notifier } from './notifications/notifier';
import { notificationsRepository } from './notifications/notifications-repository';
import { notificationSender } from './notifications/notification-sender';
import { createPushSender } from './push/push-sender';
import { openScreensRepository } from './notifications/open-screens-repository';
import { openScreens } from './notifications/open-screens';
import { doseReminders } from './notifications/dose-reminders';
import { pushSubscriptionsRepository } from './push/push-subscriptions-repository';
import { pushService } from './push/push-service';
import { registerPushRoutes } from './routes/push';
import { notificationSettingsRepository } from './notification-settings/notification-settings-repository';
import { notificationRecordsRepository } from './notification-settings/notification-records-repository';
import { notificationSettingsService } from './notification-settings/notification-settings-service';
import { registerNotificationRoutes } from './routes/notifications';
import { registerPeopleRoutes } from './routes/people';
import { peopleRepository } from './people/people-repository';
import { peopleService } from './people/people-service';
import { secondFactorTables } from './auth/better-auth';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** The built web app; when absent only the API is served. */
  webRoot?: string | undefined;
  /** Where log lines go; standard output when absent. */
  logDestination?: { write(line: string): void } | undefined;
  /** How often the clock's rules run; tests that must see a still clock give a long one. */
  clockIntervalMs?: number | undefined;
}

export interface App {
  server: FastifyInstance;
  auth: Auth;
  mailer: Mailer;
  /** Every route registered, in order; what the authorization matrix is checked against. */
  routes: RouteEntry[];
  /** The scheduled tasks, to run at once (tests run the clock instead of waiting for it). */
  tasks: {
    visitClock(): Promise<void>;
    appointmentClock(): Promise<void>;
    /** Medication reminders as at `now`. */
    doseReminders(now?: Date): Promise<void>;
    /** What a stopped server had taken: unconfirmed if handed over, else queued again. */
    notificationsCutOff(): Promise<void>;
    /** Pending notifications past their time with no job: queued again. */
    notificationsOverdue(): Promise<void>;
  };
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
  clockIntervalMs = visitClockIntervalMs,
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
  const notificationSettings = notificationSettingsRepository(db);
  const mailer = createMailer(config, outbox, server.log);
  const accountEntries = accountAudit(db);
  const endedSessions = sessionEndings(database.notifications);
  // Before the database goes, like the hubs' listeners.
  server.addHook('preClose', () => endedSessions.close());
  const auth = createAuth({
    config,
    db,
    mailer,
    sms: createSmsSender(config, outbox),
    accountAudit: accountEntries,
    log: server.log,
    invitationAdmits: (code, email) => careCircle.admitsSignUp(code, email),
    signedUp: (code, email) => careCircle.signedUp(code, email),
    addressConfirmed: (account, address) => careCircle.addressConfirmed(account, address),
    accountLanguage: (userId) => notificationSettings.storedLanguage(userId),
    accountIdByEmail: (email) => usersRepository(db).idByEmail(email),
    sessionEnded: (userId) => endedSessions.announce({ userId }),
    accountDeactivated: (userId) => peopleRepository(db).isDeactivated(userId),
  });
  const profiles = profilesRepository(db);
  const limiter = rateLimiter(db);
  const audit = auditRepository(db);
  const trail = auditTrail(database.unitOfWork, audit);
  const careAccess = careAccessChanges(database.notifications);
  // Before the database goes, like the hubs' listeners.
  server.addHook('preClose', () => careAccess.close());
  const careCircle = careCircleService({
    circle: careCircleRepository(db),
    users: usersRepository(db),
    hashPassword: (password) => passwordHashOf(auth, password),
    trail,
    mailer,
    limiter,
    publicUrl: config.publicUrl,
    careAccess,
    sessionEndings: endedSessions,
  });
  const requireUser = requireUserWith(
    callerResolver(auth, db, config.publicUrl, sessionActivity(db, server.log)),
    (callerId, patientId) => careCircle.mayActFor(callerId, patientId),
  );
  const visits = visitsRepository(db);
  const healthChecks = healthRepository(db);
  const smartClients = smartClientsRepository(db);
  const smartTokens = smartTokensRepository(db);
  server.addHook('onClose', () => mailer.close());
  const jobs = await startJobQueue(database, server.log);
  server.addHook('onClose', () => jobs.stop());
  const notifications = notificationsRepository(db);
  const notify = notifier({ notifications, jobs });
  const screens = openScreensRepository(db);
  const presence = openScreens(screens, server.log);
  server.addHook('onClose', () => presence.stop());
  const pushSubscriptions = pushSubscriptionsRepository(db);
  const sender = notificationSender({
    notifications,
    screens,
    settingsOf: (userId) => notificationSettings.forRecipient(userId),
    // The queue tries again by itself: one try of the gateway each time.
    sms: createSmsSender(config, outbox, []),
    push: createPushSender({ config, subscriptions: pushSubscriptions, log: server.log }),
    jobs,
    unitOfWork: database.unitOfWork,
    log: server.log,
  });
  await sender.start();
  const housekeeping = startHousekeeping(
    [
      { name: 'rate-limit counters', run: () => limiter.prune() },
      { name: 'expired verifications', run: () => expiredVerifications(db).prune() },
      { name: 'unconfirmed accounts', run: () => unconfirmedAccounts(db).prune() },
      { name: 'visit signals', run: () => visits.pruneSignals() },
      {
        name: 'audit retention',
        run: () => audit.prune(config.auditRetentionDays).then(() => undefined),
      },
      { name: 'health checks', run: () => healthChecks.prune() },
      { name: 'open screens', run: () => screens.prune() },
      { name: 'system tokens', run: () => smartTokens.prune() },
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
  registerSameOriginCheck(server, allowedOrigins(config.publicUrl, config.nodeEnv));

  const health = healthService({ database, photos });
  registerHealthRoutes(server, { health });
  // The server's own record of its health, minute by minute: what the uptime figure counts.
  const healthRecord = startHousekeeping(
    [
      {
        name: 'health record',
        run: async () => {
          if ((await health.check()).status === 'ok') await healthChecks.notePassed();
        },
      },
    ],
    server.log,
    healthRecordIntervalMs,
  );
  server.addHook('onClose', () => healthRecord.stop());
  registerFiguresRoutes(server, {
    figures: figuresService({
      figures: figuresRepository(db),
      health: healthChecks,
      clinicKeys: config.clinicKeys,
    }),
    requireUser,
  });
  registerAuthRoutes(server, {
    accounts: authService({
      auth,
      limiter,
      trail,
      accountAudit: accountEntries,
      users: usersRepository(db),
      publicUrl: config.publicUrl,
    }),
  });
  const ownProfile = profilesService({ users: usersRepository(db), profiles, trail });
  registerMeRoutes(server, { profiles: ownProfile, requireUser });
  registerCareCircleRoutes(server, { careCircle, requireUser });
  registerProfileRoutes(server, { profiles: ownProfile, requireUser });
  registerMfaRoutes(server, {
    mfa: mfaService({ auth, mfa: mfaRepository(db), limiter, trail }),
    requireUser,
  });
  registerClinicRoutes(server, {
    clinic: clinicService({ clinicKeys: config.clinicKeys, limiter }),
  });
  const clinics = clinicsRepository(db);
  registerClinicsRoutes(server, { clinics: clinicsService({ clinics, trail }), requireUser });
  registerClinicSettingsRoutes(server, {
    clinicSettings: clinicSettingsService({
      settings: clinicSettingsRepository(db),
      trail,
      clinicOf: (userId) => clinics.clinicOf(userId),
      clinicsCaringFor: (patientId) => profiles.clinicsCaringFor(patientId),
    }),
    requireUser,
  });
  registerPeopleRoutes(server, {
    people: peopleService({
      people: peopleRepository(db),
      clinics,
      trail,
      mailer,
      limiter,
      publicUrl: config.publicUrl,
      sessionEndings: endedSessions,
      createAccount: async ({ email, name, password }) =>
        createConfirmedAccount(auth, {
          email,
          name,
          passwordHash: await passwordHashOf(auth, password),
        }),
      removeSecondFactors: (userId) => secondFactorTables(db).removeAll(userId),
      accountLanguage: (userId) => notificationSettings.storedLanguage(userId),
    }),
    requireUser,
  });
  registerHmisRoutes(server, {
    hmis: hmisService({
      hmis: hmisRepository(db),
      clinics,
      trail,
      config: config.hmis,
      dhis2: config.hmis.dhis2 && dhis2Client(config.hmis.dhis2),
    }),
    requireUser,
  });
  const access = patientAccess(db);
  await registerUploadRoutes(server, {
    uploads: uploadsService({
      uploads: uploadsRepository(db),
      photos,
      limiter,
      trail,
      access,
      log: server.log,
    }),
    requireUser,
  });
  const messaging = messagingRepository(db);
  const messageEvents = messageHub(database.notifications, messaging);
  registerMessagingRoutes(server, {
    service: messagingService({
      messaging,
      access,
      hub: messageEvents,
      trail,
      notifier: notify,
      log: server.log,
    }),
    hub: messageEvents,
    screens: presence,
    careAccess,
    endedSessions,
    requireUser,
  });
  const visitEvents = visitHub(database.notifications, visits);
  const appointmentRecords = appointmentsRepository(db);
  const visitsServing = visitsService({
    visits,
    appointments: appointmentRecords,
    vitals: vitalsRepository(db),
    access,
    hub: visitEvents,
    limiter,
    trail,
    turn: config.turn,
    notifier: notify,
    log: server.log,
  });
  registerVisitRoutes(server, {
    service: visitsServing,
    hub: visitEvents,
    screens: presence,
    careAccess,
    endedSessions,
    requireUser,
  });
  const appointmentsServing = appointmentsService({
    appointments: appointmentRecords,
    vitals: vitalsRepository(db),
    access,
    visits,
    hub: visitEvents,
    trail,
    notifier: notify,
    log: server.log,
  });
  registerAppointmentRoutes(server, { appointments: appointmentsServing, requireUser });
  registerDoctorHoursRoutes(server, { appointments: appointmentsServing, requireUser });
  const remindDoses = doseReminders({
    notifications,
    notifier: notify,
    unitOfWork: database.unitOfWork,
  });
  // The clock's rules run on a schedule in each process, never as a side effect of a read.
  const clock = startHousekeeping(
    [
      { name: 'visit clock', run: () => visitsServing.applyClock() },
      { name: 'appointment clock', run: () => appointmentsServing.applyClock() },
      { name: 'notifications cut off', run: () => sender.settleCutOff() },
      { name: 'notifications overdue', run: () => sender.queueOverdue() },
      { name: 'dose reminders', run: () => remindDoses() },
    ],
    server.log,
    clockIntervalMs,
  );
  server.addHook('onClose', () => clock.stop());
  registerVitalsRoutes(server, {
    vitals: vitalsService({
      vitals: vitalsRepository(db),
      access,
      trail,
    }),
    requireUser,
  });
  const medications = medicationsRepository(db);
  registerMedicationRoutes(server, {
    medications: medicationsService({ medications, access, trail }),
    requireUser,
  });
  registerChartRoutes(server, {
    chart: chartService({
      chart: chartRepository(db),
      vitals: vitalsRepository(db),
      medications,
      access,
      trail,
    }),
    requireUser,
  });
  registerPatientsRoutes(server, {
    patients: patientsService({
      patients: patientsRepository(db),
      access,
      clinics,
      vitals: vitalsRepository(db),
      medications,
      trail,
    }),
    requireUser,
  });
  // What an assertion's `aud` must be: on PUBLIC_URL, never the request's Host.
  const tokenUrl = new URL(smartTokenPath, config.publicUrl).toString();
  const systemTokens = smartTokenService({
    clients: smartClients,
    tokens: smartTokens,
    trail,
    limiter,
    tokenUrl,
    served: servedTypes,
  });
  registerFhirRoutes(server, {
    fhir: fhirService({
      fhir: fhirRepository(db),
      record: fhirRecordRepository(db),
      schedules: appointmentsServing.schedules,
      readings: fhirReadings({
        access,
        trail,
        mayActFor: (callerId, patientId) => careCircle.mayActFor(callerId, patientId),
      }),
      base: new URL(fhirBasePath, config.publicUrl).toString(),
      tokenUrl,
    }),
    readerOf: fhirReaderOf({
      requireUser,
      systemReaderOf: (token, address) => systemTokens.readerOf(token, address),
    }),
  });
  registerSmartRoutes(server, {
    tokens: systemTokens,
    configuration: smartConfiguration(tokenUrl, servedTypes),
  });
  registerSmartClientRoutes(server, {
    smartClients: smartClientsService({ clients: smartClients, trail, served: servedTypes }),
    requireUser,
  });
  registerAuditRoutes(server, {
    audit: auditService({ audit, trail, pausedSignIns: () => pausedSignIns(limiter) }),
    requireUser,
  });
  registerPushRoutes(server, {
    push: pushService({
      publicKey: config.push.publicKey,
      serviceHosts: config.push.serviceHosts,
      subscriptions: pushSubscriptions,
      limiter,
    }),
    requireUser,
  });
  registerNotificationRoutes(server, {
    notifications: notificationSettingsService({
      settings: notificationSettings,
      trail,
      records: notificationRecordsRepository(db),
    }),
    requireUser,
  });
  if (usesDevOutbox(config)) {
    registerDevMailRoutes(server, { outbox: outboxService({ outbox }) });
  }

  await registerWebApp(server, {
    root: webRoot ?? '',
    appMode: config.appMode,
    reader: sessionReader(auth, db),
  });
  return {
    server,
    auth,
    mailer,
    routes,
    tasks: {
      visitClock: () => visitsServing.applyClock(),
      appointmentClock: () => appointmentsServing.applyClock(),
      doseReminders: remindDoses,
      notificationsCutOff: () => sender.settleCutOff(),
      notificationsOverdue: () => sender.queueOverdue(),
    },
  };
}
