import { expect, test } from '@playwright/test';
import { signedInPatient } from './support/accounts';

// A minute past midnight of 25 November in clinic time, 13:16 on the 24th on a phone in
// New York, where the browser tests run.
const justAfterMidnight = new Date('2026-11-24T18:16:00Z');

test('a phone far from the clinic shows the clinic’s time, in both languages', async ({ page }) => {
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
    'America/New_York',
  );
  await signedInPatient(page, 'clinic-time', { first_name: 'Asha', age: 34, date_system: 'ad' });
  await page.clock.setFixedTime(justAfterMidnight);
  await page.goto('/');
  await expect(page.getByText(/^All data synced · 00:01$/)).toBeVisible();

  await page.evaluate(() => localStorage.setItem('lang', 'ne'));
  await page.reload();
  await expect(page.getByText('सबै डाटा मिलाइयो · ००:०१')).toBeVisible();
});
