import { expect } from 'vitest';
import { linksIn, startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { startTestServer, type DatabaseVariant, type TestServer } from '../support/test-server';
import { Client } from './client';

export const inviteCode = 'PILOT-2026';
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
): Promise<AuthWorld> {
  const smtp = await startSmtpServer();
  const server = await startTestServer({
    variant,
    env: { SMTP_URL: smtp.url, DEMO_USERS: 'false', INVITE_CODE: inviteCode, ...env },
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
