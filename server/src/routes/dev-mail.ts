import * as z from 'zod/mini';
import { outboxMailListSchema, type OutboxMail } from '@shared/dev-mail';
import { noStore } from '../http/no-store';
import type { ApiServer } from '../http/route-schemas';
import type { OutboxService } from '../mail/outbox-service';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The outbox as a plain page for people. */
function outboxPage(mails: OutboxMail[]): string {
  const items = mails
    .map(
      (mail) => `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <p><strong>To:</strong> ${escapeHtml(mail.to)} · <time>${escapeHtml(mail.createdAt)}</time></p>
  <pre>${escapeHtml(mail.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development outbox</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 48rem; margin: 1rem auto; padding: 0 1rem">
<h1>Development outbox</h1>
${items || '<p>No mail yet.</p>'}
</body></html>`;
}

/**
 * The development outbox of the contract: a JSON list and a plain page for
 * people. Only registered when mail is not sent through SMTP and not in production.
 */
export function registerDevMailRoutes(app: ApiServer, deps: { outbox: OutboxService }): void {
  app.get(
    '/api/dev/mail',
    { schema: { response: { 200: outboxMailListSchema } }, onRequest: noStore },
    async (_request, reply) => reply.send(await deps.outbox.newestFirst()),
  );

  // An HTML page: written as it is, the schema only names it.
  app.get(
    '/dev/mail',
    { schema: { response: { 200: z.string() } }, onRequest: noStore },
    async (_request, reply) =>
      reply.type('text/html; charset=utf-8').send(outboxPage(await deps.outbox.newestFirst())),
  );
}
