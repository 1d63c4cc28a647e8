import { afterEach, describe, expect, it } from 'vitest';
import { outboxRepository } from '../../server/src/mail/outbox-repository';
import { databaseVariants, startTestServer, type TestServer } from './support/test-server';
import { productionPushSettings } from './support/vapid-settings';

describe.each(databaseVariants)('the development outbox on the $name database', (variant) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('lists kept mail newest first, as JSON and as a page', async () => {
    server = await startTestServer({ variant });
    const outbox = outboxRepository(server.database.db);
    await outbox.add({ to: 'a@example.com', subject: 'First', text: 'one', html: '<p>one</p>' });
    await outbox.add({
      to: 'b@example.com',
      subject: 'Second <b>',
      text: 'two',
      html: '<p>two</p>',
    });

    const response = await fetch(`${server.url}/api/dev/mail`);
    expect(response.status).toBe(200);
    const mails = (await response.json()) as { to: string; subject: string; createdAt: string }[];
    expect(mails.map((mail) => mail.subject)).toEqual(['Second <b>', 'First']);
    expect(mails[0]).toMatchObject({ to: 'b@example.com', text: 'two', html: '<p>two</p>' });
    expect(Number.isNaN(Date.parse(mails[0]!.createdAt))).toBe(false);

    const page = await (await fetch(`${server.url}/dev/mail`)).text();
    expect(page).toContain('Second &#60;b&#62;');
    expect(page.indexOf('Second')).toBeLessThan(page.indexOf('First'));
  });

  it('does not exist in production', async () => {
    server = await startTestServer({
      variant,
      env: {
        NODE_ENV: 'production',
        ...productionPushSettings,
        AUTH_SECRET: 'x'.repeat(40),
        SMTP_URL: 'smtp://127.0.0.1:2525',
        INVITE_CODE: 'NORTH-PILOT-7K',
        CLINIC_KEYS: 'KTM-WARD-3-7Q2X',
      },
    });
    expect((await fetch(`${server.url}/api/dev/mail`)).status).toBe(404);
    expect((await fetch(`${server.url}/dev/mail`)).status).toBe(404);
  });
});
