import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { signedInPatient } from './support/accounts';

test.use({ viewport: { width: 360, height: 740 } });

async function record(page: Page, patientId: string, values: Record<string, number>, ago: number) {
  const takenAt = new Date(Date.now() - ago * 86_400_000).toISOString();
  const saved = await page.request.post(`/api/patients/${patientId}/vitals`, {
    data: { id: randomUUID(), takenAt, ...values },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}

test('the blood-pressure trend has dated axes, a legend, 185/112 marked and a table, in both languages', async ({
  page,
}) => {
  await signedInPatient(page, 'vitals-chart', { first_name: 'Maya', age: 52, date_system: 'ad' });
  const { user } = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
  await record(page, user.id, { systolic: 118, diastolic: 76, heartRate: 74 }, 12);
  await record(page, user.id, { systolic: 185, diastolic: 112, heartRate: 88 }, 1);

  await page.goto('/health?section=vitals');
  const table = page.getByRole('table', { name: 'Blood pressure (mmHg), newest first' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').nth(1)).toContainText(
    '185 (outside the safe range)112 (outside the safe range)',
  );
  const figure = page.locator('figure').filter({ has: table });
  const chart = figure.locator('svg');
  await expect(chart).toBeVisible();
  await expect(chart.locator('[data-axis-day]')).toHaveCount(3);
  await expect(chart.locator('[data-flagged]')).toHaveCount(2);
  await expect(figure.locator('[data-legend]')).toHaveText(
    /Systolic.*Diastolic.*Safe limit.*Outside the safe range/,
  );
  const box = await chart.boundingBox();
  expect(box!.width).toBeGreaterThan(250);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await figure.screenshot({ path: test.info().outputPath('blood-pressure-en.png') });

  await page.evaluate(() => localStorage.setItem('lang', 'ne'));
  await page.reload();
  const nepali = page.getByRole('table', { name: /^रक्तचाप/ });
  const nepaliFigure = page.locator('figure').filter({ has: nepali });
  await expect(nepaliFigure.locator('[data-axis-day]').first()).toHaveText(/^[^0-9]+ [०-९]+$/);
  await expect(nepaliFigure.locator('svg')).not.toContainText(/[0-9]/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await nepaliFigure.screenshot({ path: test.info().outputPath('blood-pressure-ne.png') });
});
