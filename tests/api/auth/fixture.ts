import { sql } from 'kysely';
import { expect } from 'vitest';
import { buildApp } from '../../../server/src/app';
import { loadConfig } from '../../../server/src/config';
import { openDatabase } from '../../../server/src/db/database';
import { linksIn, startSmtpServer, type TestSmtpServer } from '../support/smtp';
import {
  freePort,
  startTestServer,
  type DatabaseVariant,
  type StartOptions,
  type TestServer,
} from '../support/test-server';
import { Client } from './client';

/** Not the published development code, which a production server refuses to start on. */
export const inviteCode = 'NORTH-PILOT-7K';
export const password = 'correct horse 42';

export interface AuthWorld {
  server: TestServer;
  smtp: TestSmtpServer;
  client(headers?: Record<string, string>): Client;
  close(): Promise<void>;
}

/** The real server with all mail going to a real SMTP server started for the test. */
export async function startAuthWorld(
  variant: DatabaseVariant,
  env: Record<string, string> = {},
  options: Pick<StartOptions, 'logDestination'> = {},
): Promise<AuthWorld> {
  const smtp = await startSmtpServer();
  const server = await startTestServer({
    variant,
    env: {
      SMTP_URL: smtp.url,
      DEMO_USERS: 'false',
      INVITE_CODE: inviteCode,
      // The tests stand in for a proxy that gives each client its own address.
      TRUST_PROXY: '127.0.0.1',
      ...env,
    },
    ...options,
  });
  return {
    server,
    smtp,
    client: (headers = {}) => new Client(server.url, headers),
    async close() {
      await server.close();
      await smtp.close();
    },
  };
}

let counter = 0;
/** A fresh address per test, so counters and mails of one test never meet another's. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${counter}-${Date.now().toString(36)}@example.com`;
}

/** Signs up through the API and opens the confirmation link; the account can then sign in. */
export async function signUpAndConfirm(world: AuthWorld, email: string, secret = password) {
  const client = world.client();
  const seen = world.smtp.mailsTo(email).length;
  const signUp = await client.post('/api/auth/sign-up/email', {
    email,
    password: secret,
    name: '',
    inviteCode,
  });
  expect(signUp.status, JSON.stringify(signUp.body)).toBe(200);
  const mail = await world.smtp.nextMailTo(email, seen);
  const [link] = linksIn(mail.text);
  const confirmed = await client.get(link!);
  expect(confirmed.status).toBe(302);
}

/** A client signed in with e-mail and password. */
export async function signedIn(world: AuthWorld, email: string, secret = password) {
  const client = world.client();
  const answer = await client.post('/api/auth/sign-in/email', { email, password: secret });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return client;
}

export interface SecondInstance {
  url: string;
  client(headers?: Record<string, string>): Client;
  close(): Promise<void>;
}

/**
 * Another app server on the same database, with the same secret, as a second
 * process behind a load balancer would be. On PostgreSQL it has its own
 * connection pool; the embedded database can only be opened once, so there it
 * shares the first server's handle.
 */
export async function startSecondInstance(
  world: AuthWorld,
  variant: DatabaseVariant,
  env: Record<string, string> = {},
): Promise<SecondInstance> {
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: world.server.dataDir,
    AUTH_SECRET: world.server.config.authSecret,
    SMTP_URL: world.smtp.url,
    INVITE_CODE: inviteCode,
    TRUST_PROXY: '127.0.0.1',
    ...(variant.url ? { DATABASE_URL: variant.url } : {}),
    ...env,
  });
  let database = world.server.database;
  let ownDatabase = false;
  if (variant.url) {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
      world.server.database.db,
    );
    database = await openDatabase({
      databaseUrl: variant.url,
      dataDir: world.server.dataDir,
      schema: rows[0]!.schema,
    });
    ownDatabase = true;
  }
  const app = await buildApp({ config, database });
  await app.server.listen({ port, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    client: (headers = {}) => new Client(url, headers),
    async close() {
      await app.server.close();
      if (ownDatabase) await database.close();
    },
  };
}
