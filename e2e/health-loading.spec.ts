import { expect, test } from '@playwright/test';
import { demoPassword } from './support/accounts';

const emptyStates = [
  'Your medical history will appear here.',
  'No active medications.',
  'No vitals yet.',
  'No summaries yet.',
  'No documents yet.',
];

test.use({ viewport: { width: 360, height: 740 } });

test('Health says "Loading…" while the record is on its way, never that it is empty', async ({
  page,
}) => {
  // Every empty state the page ever shows, noted the moment it appears.
  await page.addInitScript((texts: string[]) => {
    const seen: string[] = [];
    (window as unknown as { emptyStatesSeen: string[] }).emptyStatesSeen = seen;
    new MutationObserver(() => {
      const shown = document.documentElement.textContent;
      for (const text of texts) if (shown.includes(text) && !seen.includes(text)) seen.push(text);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, emptyStates);
  const signedIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: 'patient@example.com', password: demoPassword },
  });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);

  // The record's answers held back, as on a slow 3G line, until the test lets them through.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    /\/api\/(patients\/[^/?]+\/(vitals|medications)|visits\/history|uploads)(\?|$)/,
    async (route) => {
      await released;
      await route.continue();
    },
  );

  await page.goto('/health');
  const timeline = page.getByRole('tab', { name: /Timeline/ });
  await expect(timeline).toHaveText('Timeline …');
  await expect(page.getByRole('tabpanel').getByText('Loading…')).toBeVisible();
  for (const section of ['Meds', 'Vitals', 'Docs', 'Summaries']) {
    await page.getByRole('tab', { name: new RegExp(section) }).click();
    await expect(page.getByRole('tabpanel').getByText('Loading…')).toBeVisible();
  }
  // Seconds on a slow line: still loading, still nothing said to be empty.
  await page.waitForTimeout(1_500);
  await expect(page.getByRole('tabpanel').getByText('Loading…')).toBeVisible();

  const seenEmpty = () =>
    page.evaluate(() => (window as unknown as { emptyStatesSeen: string[] }).emptyStatesSeen);
  expect(await seenEmpty()).toEqual([]);

  release();
  await page.getByRole('tab', { name: /Vitals/ }).click();
  const list = page.getByRole('list', { name: 'Your readings, newest first' });
  await expect(list).toContainText('118/76');
  await expect(page.getByRole('tab', { name: /Vitals/ })).not.toHaveText(/…/);
  await page.getByRole('tab', { name: /Meds/ }).click();
  await expect(page.getByRole('tabpanel')).toContainText('Amlodipine');
  await expect(page.getByRole('tabpanel').getByText('Loading…')).toHaveCount(0);
  await timeline.click();
  await expect(page.getByRole('tabpanel').getByText('Loading…')).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Timeline' })).toBeVisible();

  // The demo patient has readings and medicines: their sections never said there were none.
  expect(await seenEmpty()).not.toContain('No vitals yet.');
  expect(await seenEmpty()).not.toContain('No active medications.');
  expect(await seenEmpty()).not.toContain('Your medical history will appear here.');
});
