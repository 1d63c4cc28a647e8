import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { Bundle } from 'fhir/r4';
import { signedInPatient } from './support/accounts';

test('Profile → "Download my record" saves her whole record as a FHIR Bundle, in Nepali too', async ({
  page,
}) => {
  await signedInPatient(page, 'record-download', {
    first_name: 'Maya',
    age: 52,
    date_system: 'ad',
  });
  const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
  const recorded = await page.request.post(`/api/patients/${me.user.id}/vitals`, {
    data: { id: randomUUID(), heartRate: 81 },
  });
  expect(recorded.status()).toBe(201);

  await page.goto('/profile');
  const saved = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my record' }).click();
  const download = await saved;
  expect(download.suggestedFilename()).toMatch(/^sewa-record-\d{4}-\d{2}-\d{2}\.json$/);
  const bundle = JSON.parse(await readFile(await download.path(), 'utf8')) as Bundle;
  expect(bundle.resourceType).toBe('Bundle');
  const resources = (bundle.entry ?? []).map((entry) => entry.resource);
  expect(resources[0]).toMatchObject({ resourceType: 'Patient', id: me.user.id });
  expect(resources).toContainEqual(
    expect.objectContaining({
      resourceType: 'Observation',
      valueQuantity: expect.objectContaining({ value: 81, code: '/min' }),
    }),
  );

  // Health's "Download records" gives the same.
  await page.goto('/health');
  const again = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download records' }).click();
  expect((await again).suggestedFilename()).toMatch(/^sewa-record-/);

  // In Nepali, the same button in Devanagari.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'ने' }).click();
  await expect(page.getByRole('button', { name: 'मेरो अभिलेख डाउनलोड गर्नुहोस्' })).toBeVisible();
});
