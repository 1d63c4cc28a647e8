import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from './auth/client';
import { inviteCode, password, uniqueEmail } from './auth/fixture';
import { codeIn, linksIn, startSmtpServer, type TestSmtpServer } from './support/smtp';
import { databaseVariants, startTestServer, type TestServer } from './support/test-server';

/** The built web app, so the pages that read a token or a code answer as in production. */
const builtWebApp = path.resolve('dist/web');

/** Every line the server logs, as written. */
function logCollector() {
  const lines: string[] = [];
  return {
    lines,
    destination: { write: (line: string) => void lines.push(line) },
    text: () => lines.join(''),
  };
}

describe.each(databaseVariants)('what the logs keep on the $name database', (variant) => {
  const logs = logCollector();
  let smtp: TestSmtpServer;
  let server: TestServer;
  let client: Client;

  beforeAll(async () => {
    // A mail server that refuses every mail, quoting its first link, as a content filter might.
    smtp = await startSmtpServer({
      refusal: (mail) => `Message refused: ${linksIn(mail.text)[0] ?? 'no link'}`,
    });
    server = await startTestServer({
      variant,
      env: {
        SMTP_URL: smtp.url,
        DEMO_USERS: 'false',
        INVITE_CODE: inviteCode,
        LOG_LEVEL: 'info',
      },
      ...(existsSync(path.join(builtWebApp, 'index.html')) ? { webRoot: builtWebApp } : {}),
      logDestination: logs.destination,
    });
    client = new Client(server.url);
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  /** Waits until the server has logged `count` mail failures in all. */
  async function mailFailuresLogged(count: number) {
    const deadline = Date.now() + 5_000;
    const failures = () =>
      logs.lines.filter((line) => line.includes('mail could not be sent')).length;
    while (failures() < count && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(failures()).toBeGreaterThanOrEqual(count);
  }

  it('keep the paths of mailed links and pages but none of their tokens, codes or query values', async () => {
    const email = uniqueEmail('logs');
    const signUp = await client.post('/api/auth/sign-up/email', {
      email,
      password,
      name: '',
      inviteCode,
    });
    expect(signUp.status).toBe(200);
    const confirmation = linksIn((await smtp.nextMailTo(email, 0)).text)[0]!;
    const confirmationToken = new URL(confirmation).searchParams.get('token')!;
    expect((await client.get(confirmation)).status).toBe(302);

    const reset = await client.post('/api/auth/request-password-reset', {
      email,
      redirectTo: '/reset-password',
    });
    expect(reset.status).toBe(200);
    const resetLink = linksIn((await smtp.nextMailTo(email, 1)).text)[0]!;
    const opened = await client.get(resetLink);
    expect(opened.status).toBe(302);
    const resetPage = new URL(opened.headers.get('location')!, server.url);
    const resetToken = resetPage.searchParams.get('token')!;
    expect(resetLink).toContain(`/reset-password/${resetToken}`);
    await client.get(`${resetPage.pathname}${resetPage.search}`);

    const sent = await client.post('/api/auth/email-otp/send-verification-otp', {
      email,
      type: 'sign-in',
    });
    expect(sent.status).toBe(200);
    const codeMail = (await smtp.nextMailTo(email, 2)).text;
    const code = codeIn(codeMail)!;
    const signInLink = new URL(linksIn(codeMail)[0]!);
    expect(signInLink.searchParams.get('code')).toBe(code);
    await client.get(`${signInLink.pathname}${signInLink.search}`);

    // The account system's own warnings land in the same log, cleaned the same way.
    await client.post('/api/auth/request-password-reset', {
      email: uniqueEmail('logs-nobody'),
      redirectTo: '/reset-password',
    });
    await client.get(
      `/api/auth/verify-email?token=${confirmationToken}&callbackURL=${encodeURIComponent('https://elsewhere.example/?secret=hunter4')}`,
    );
    await client.get('/api/no-such-thing?secret=hunter2');
    await client.get('/somewhere?secret=hunter3');
    await mailFailuresLogged(3);

    const text = logs.text();
    for (const secret of [
      confirmationToken,
      resetToken,
      encodeURIComponent(email),
      email,
      'hunter2',
      'hunter3',
      'hunter4',
      'callbackURL=',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    expect(text).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
    for (const line of logs.lines) {
      for (const [, url] of line.matchAll(/"url":"([^"]*)"/g)) {
        expect(url, line).toMatch(/^[^?]*(\?\[Redacted\])?$/);
      }
    }

    const urls = logs.lines.flatMap((line) =>
      [...line.matchAll(/"url":"([^"?]*)/g)].map(([, url]) => url),
    );
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/auth/sign-up/email',
        '/api/auth/verify-email',
        '/api/auth/reset-password/[Redacted]',
        '/reset-password',
        '/login',
        '/api/no-such-thing',
        '/somewhere',
      ]),
    );
    const accountSystem = logs.lines.filter((line) => line.includes('"source":"better-auth"'));
    expect(accountSystem.join('')).toContain('Reset Password: User not found');
    expect(accountSystem.join('')).toContain('https://elsewhere.example/?[Redacted]');
    // The mail failures are logged, with the refusal but without the link's secrets.
    const failures = logs.lines.filter((line) => line.includes('mail could not be sent'));
    expect(failures.join('')).toContain('Message refused');
    expect(failures.join('')).toContain('/api/auth/reset-password/[Redacted]');
  });
});
