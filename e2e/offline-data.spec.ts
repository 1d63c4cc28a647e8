import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createConfirmedAccount, demoPassword, password } from './support/accounts';

const offlineBanner = 'Connection lost. Retrying...';

// Each test goes through several page loads, offline and back, on a small shared machine.
test.setTimeout(90_000);

async function signIn(request: APIRequestContext, email: string, secret = password) {
  const response = await request.post('/api/auth/sign-in/email', {
    data: { email, password: secret },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** A confirmed patient of its own, signed in on this page's browser context. */
async function newPatient(page: Page, label: string): Promise<string> {
  const email = await createConfirmedAccount(page.request, `offline-${label}`);
  await signIn(page.request, email);
  return email;
}

async function startCareTeamConversation(page: Page): Promise<string> {
  await page.goto('/messages');
  await page.getByRole('button', { name: 'New message' }).click();
  await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Care Team', level: 1 })).toBeVisible();
  return page.url().split('/').pop()!;
}

async function send(page: Page, text: string) {
  const input = page.getByRole('textbox', { name: 'Type a message' });
  await input.fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(input).toHaveValue('');
}

const messages = (page: Page) => page.getByRole('region', { name: 'Messages' });
const bubble = (page: Page, text: string) => messages(page).getByText(text, { exact: true });
/** The list item of one message: its bubble and what is written beside it. */
const messageItem = (page: Page, text: string) =>
  messages(page)
    .getByRole('listitem')
    .filter({ has: page.getByText(text, { exact: true }) });

const messagesUrl = (conversationId: string) =>
  `/api/messaging/conversations/${conversationId}/messages`;

test('a message sent offline waits on the device through a reload and a closed tab, and arrives once', async ({
  browser,
  page,
  context,
}) => {
  await newPatient(page, 'outbox');
  const conversationId = await startCareTeamConversation(page);

  await context.setOffline(true);
  await expect(page.getByText(offlineBanner)).toBeVisible();
  await send(page, 'Written without a connection.');
  const item = messageItem(page, 'Written without a connection.');
  await expect(item).toContainText('Waiting to send');
  await expect(bubble(page, 'Written without a connection.')).toHaveAttribute('data-own', 'true');
  // A second one keeps its place after the first.
  await send(page, 'And a second one.');
  await expect(messageItem(page, 'And a second one.')).toContainText('Waiting to send');

  // Back online, but the server cannot be reached for sending yet: they stay, through a reload.
  const sends = `**${messagesUrl(conversationId)}`;
  await page.route(sends, (route) =>
    route.request().method() === 'POST' ? route.abort('connectionrefused') : route.fallback(),
  );
  await context.setOffline(false);
  await page.reload();
  await expect(messageItem(page, 'Written without a connection.')).toContainText('Waiting to send');
  await expect(messageItem(page, 'And a second one.')).toContainText('Waiting to send');

  // The tab is closed; the next one opened sends them once the server answers.
  await page.close();
  const again = await context.newPage();
  await again.goto(`/messages/${conversationId}`);
  await expect(bubble(again, 'And a second one.')).toBeVisible();
  await expect(again.getByText('Waiting to send')).toHaveCount(0, { timeout: 15_000 });
  await expect(messages(again).locator('time')).toHaveCount(2);

  // The doctor finds each once, in the order they were written.
  const doctor = await browser.newContext();
  const doctorPage = await doctor.newPage();
  await signIn(doctorPage.request, 'doctor@example.com', demoPassword);
  const stored = (await (await doctorPage.request.get(messagesUrl(conversationId))).json()) as {
    content: string;
  }[];
  expect(stored.map((message) => message.content)).toEqual([
    'Written without a connection.',
    'And a second one.',
  ]);
  await doctorPage.goto(`/messages/${conversationId}`);
  await expect(bubble(doctorPage, 'Written without a connection.')).toBeVisible({
    timeout: 20_000,
  });
  await expect(bubble(doctorPage, 'Written without a connection.')).toHaveCount(1);
  await expect(bubble(doctorPage, 'And a second one.')).toHaveCount(1);
  await doctor.close();
});

test('a message the server refuses for good shows as not sent, with a way to send it again or delete it', async ({
  page,
}) => {
  await newPatient(page, 'refused');
  const conversationId = await startCareTeamConversation(page);
  let refuse = true;
  await page.route(`**${messagesUrl(conversationId)}`, (route) =>
    refuse && route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            error: {
              code: 'validation_failed',
              message: 'A message can have at most 4,000 characters',
            },
          }),
        })
      : route.fallback(),
  );
  await send(page, 'Refused once.');
  const item = messageItem(page, 'Refused once.');
  await expect(item).toContainText('Not sent');
  await expect(item).toContainText('The server did not accept this message. It may be too long.');

  refuse = false;
  await item.getByRole('button', { name: 'Send again' }).click();
  await expect(item.locator('time')).toBeVisible();
  await expect(page.getByText('Not sent')).toHaveCount(0);

  refuse = true;
  await send(page, 'Refused and deleted.');
  const deleted = messageItem(page, 'Refused and deleted.');
  await expect(deleted).toContainText('Not sent');
  await deleted.getByRole('button', { name: 'Delete' }).click();
  await expect(deleted).toHaveCount(0);
  await page.reload();
  await expect(bubble(page, 'Refused once.')).toBeVisible();
  await expect(bubble(page, 'Refused and deleted.')).toHaveCount(0);
});
