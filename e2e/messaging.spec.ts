import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { createConfirmedAccount, demoPassword, password } from './support/accounts';
import { bubble, send, startCareTeamConversation } from './support/conversation';

/** A confirmed patient of its own, so the demo patient's messages stay untouched. */
function freshPatient(request: APIRequestContext, label: string): Promise<string> {
  return createConfirmedAccount(request, `messaging-${label}`);
}

/** One message of the open conversation, its bubble with its sender's name and its time. */
const item = (page: Page, text: string) =>
  page
    .getByRole('region', { name: 'Messages' })
    .getByRole('listitem')
    .filter({ has: page.getByText(text, { exact: true }) });

/**
 * Waits until a message shows its time, as one the server has does: a message still on this
 * device shows "Waiting to send" instead and is drawn anew when it leaves, so its bubble is
 * only read once it is the stored message's.
 */
async function expectStored(page: Page, text: string): Promise<void> {
  await expect(item(page, text).locator('time')).toBeVisible();
}

type Box = { x: number; y: number; width: number; height: number };

/**
 * Where each element is drawn, read in one go: the conversation scrolls to its end when a
 * message comes, so boxes read one after another may belong to different scroll positions.
 */
async function boxesOf(page: Page, ...locators: Locator[]): Promise<Box[]> {
  const elements = await Promise.all(locators.map((locator) => locator.elementHandle()));
  return page.evaluate(
    (all) =>
      all.map((element) => {
        const { x, y, width, height } = element.getBoundingClientRect();
        return { x, y, width, height };
      }),
    elements,
  );
}

async function signedInPage(
  browser: Browser,
  email: string,
  secret: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: secret },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return { context, page };
}

test('a patient writes to the care team, a doctor answers, both see it arrive without reloading', async ({
  browser,
  request,
}) => {
  const email = await freshPatient(request, 'push');
  const patient = await signedInPage(browser, email, password);
  const doctor = await signedInPage(browser, 'doctor@example.com', demoPassword);

  // The doctor is already looking at the list when the patient writes.
  await doctor.page.goto('/messages');
  await expect(doctor.page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();

  // A new patient has written to nobody yet.
  await patient.page.goto('/messages');
  await expect(patient.page.getByText('No messages yet')).toBeVisible();
  // When an answer comes, and where to turn instead in an emergency: the ambulance, one tap.
  const help = patient.page.getByRole('complementary', { name: 'When to expect a reply' });
  await expect(help.getByText(/answered on the next clinic day/)).toBeVisible();
  await expect(help.getByRole('link', { name: 'Call 102 for an ambulance' })).toHaveAttribute(
    'href',
    'tel:102',
  );
  // A doctor answers: the patient's help is not theirs.
  await expect(
    doctor.page.getByRole('complementary', { name: 'When to expect a reply' }),
  ).toHaveCount(0);
  const conversationId = await startCareTeamConversation(patient.page);
  const input = patient.page.getByRole('textbox', { name: 'Type a message' });
  const sendButton = patient.page.getByRole('button', { name: 'Send' });
  await expect(sendButton).toBeDisabled();
  await input.fill('   ');
  await expect(sendButton).toBeDisabled();
  await send(patient.page, 'My fever came back last night.');
  const own = bubble(patient.page, 'My fever came back last night.');
  await expectStored(patient.page, 'My fever came back last night.');
  await expect(own).toHaveAttribute('data-own', 'true');
  // Own messages are blue: the blue channel leads.
  const [red = 0, green = 0, blue = 0] = (
    await own.evaluate((element) => getComputedStyle(element).backgroundColor)
  )
    .match(/[\d.]+/g)!
    .map(Number);
  expect(blue).toBeGreaterThan(red + 50);
  expect(blue).toBeGreaterThan(green);

  // It arrives on the doctor's open list, under the patient's name (here the e-mail).
  const row = doctor.page.getByRole('link', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('My fever came back last night.');
  await row.click();
  await expect(doctor.page).toHaveURL(`/messages/${conversationId}`);
  const received = bubble(doctor.page, 'My fever came back last night.');
  await expect(received).toHaveAttribute('data-own', 'false');
  await send(doctor.page, 'Please come to the clinic today.');
  await expectStored(doctor.page, 'Please come to the clinic today.');
  const answerOnDoctor = bubble(doctor.page, 'Please come to the clinic today.');
  await expect(answerOnDoctor).toHaveAttribute('data-own', 'true');
  const [left, right] = await boxesOf(doctor.page, received, answerOnDoctor);
  expect(right!.x + right!.width).toBeGreaterThan(left!.x + left!.width);

  // The patient never reloaded; the answer shows on its own, on the left.
  await expect(bubble(patient.page, 'Please come to the clinic today.')).toHaveAttribute(
    'data-own',
    'false',
  );
  await expect(patient.page.locator('li time').first()).toHaveText(/\d{1,2}:\d{2}/);

  // Above the answer, the patient reads which doctor wrote it; above their own words, no name.
  const doctorName = item(patient.page, 'Please come to the clinic today.').getByText('Ram Thapa', {
    exact: true,
  });
  await expect(doctorName).toBeVisible();
  const [nameBox, answerBox] = await boxesOf(
    patient.page,
    doctorName,
    bubble(patient.page, 'Please come to the clinic today.'),
  );
  expect(nameBox!.y + nameBox!.height).toBeLessThanOrEqual(answerBox!.y);
  await expect(item(patient.page, 'My fever came back last night.')).not.toContainText('Ram Thapa');
  await expect(item(patient.page, 'My fever came back last night.')).not.toContainText('Patient');
  // The doctor reads the patient's message under their role, as their profile has no name yet.
  await expect(
    item(doctor.page, 'My fever came back last night.').getByText('Patient', { exact: true }),
  ).toBeVisible();

  await patient.context.close();
  await doctor.context.close();
});

test('the 5-second poll still delivers when push is blocked', async ({ browser, request }) => {
  const email = await freshPatient(request, 'poll');
  const patient = await signedInPage(browser, email, password);
  let blocked = 0;
  await patient.page.route('**/api/messaging/events**', (route) => {
    blocked += 1;
    return route.abort();
  });
  const conversationId = await startCareTeamConversation(patient.page);
  await send(patient.page, 'Is anyone there?');

  const doctor = await signedInPage(browser, 'doctor@example.com', demoPassword);
  const answer = await doctor.page.request.post(
    `/api/messaging/conversations/${conversationId}/messages`,
    { data: { id: crypto.randomUUID(), content: 'Yes, the care team is here.' } },
  );
  expect(answer.status()).toBe(201);

  await expect(bubble(patient.page, 'Yes, the care team is here.')).toBeVisible({
    timeout: 12_000,
  });
  expect(blocked).toBeGreaterThan(0);
  await patient.context.close();
  await doctor.context.close();
});

test('a dropped push stream reconnects by itself and catches up on what it missed', async ({
  browser,
  request,
}) => {
  const email = await freshPatient(request, 'reconnect');
  const patient = await signedInPage(browser, email, password);
  const doctor = await signedInPage(browser, 'doctor@example.com', demoPassword);
  const conversationId = await startCareTeamConversation(patient.page);
  await send(patient.page, 'First message');

  // The next stream connects and drops at once; while it is down the doctor answers.
  let streams = 0;
  await patient.page.route('**/api/messaging/events**', async (route) => {
    streams += 1;
    if (streams === 1) {
      await route.fulfill({
        status: 200,
        headers: { 'content-type': 'text/event-stream' },
        body: 'retry: 500\n\nevent: ready\ndata: {}\n\n',
      });
      return;
    }
    if (streams === 2) {
      const answer = await doctor.page.request.post(
        `/api/messaging/conversations/${conversationId}/messages`,
        { data: { id: crypto.randomUUID(), content: 'Sent while you were away' } },
      );
      expect(answer.status()).toBe(201);
    }
    await route.continue();
  });
  const caughtUp = patient.page.waitForResponse(
    async (response) =>
      response.url().includes('/messages?after=') &&
      (await response.text()).includes('Sent while you were away'),
  );
  await patient.page.reload();
  await caughtUp;
  await expect(bubble(patient.page, 'Sent while you were away')).toBeVisible();
  expect(streams).toBeGreaterThanOrEqual(2);
  await patient.context.close();
  await doctor.context.close();
});

test('the list searches titles and messages, and an unknown or foreign conversation is not found', async ({
  browser,
  request,
}) => {
  const [emailA, emailB] = await Promise.all([
    freshPatient(request, 'search-a'),
    freshPatient(request, 'search-b'),
  ]);
  const a = await signedInPage(browser, emailA, password);
  const b = await signedInPage(browser, emailB, password);
  const conversationOfA = await startCareTeamConversation(a.page);
  await send(a.page, 'Question about my blood pressure');

  await a.page.getByRole('link', { name: 'Back to messages' }).click();
  const search = a.page.getByRole('searchbox', { name: 'Search messages' });
  const rows = a.page.getByRole('list', { name: 'Conversations' }).getByRole('link');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Care Team');
  await expect(rows.first()).toContainText('You: Question about my blood pressure');
  await search.fill('blood pressure');
  await expect(rows).toHaveCount(1);
  await search.fill('care team');
  await expect(rows).toHaveCount(1);
  await search.fill('insulin');
  await expect(a.page.getByText('No conversations match your search.')).toBeVisible();

  for (const id of [conversationOfA, crypto.randomUUID(), 'nonsense']) {
    await b.page.goto(`/messages/${id}`);
    await expect(b.page.getByRole('heading', { name: 'Conversation not found' })).toBeVisible();
    await expect(b.page.getByText('Question about my blood pressure')).toHaveCount(0);
  }
  // The same list in Nepali.
  await b.page.goto('/messages');
  await b.page.getByRole('button', { name: 'ने' }).click();
  await expect(b.page.getByRole('button', { name: 'नयाँ सन्देश' })).toBeVisible();
  await expect(b.page.getByRole('searchbox', { name: 'सन्देश खोज्नुहोस्' })).toBeVisible();
  await a.context.close();
  await b.context.close();
});
