import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { demoPassword } from './support/accounts';
import { afterAVisit } from './support/patient-record';
import { serverOfThisFile } from './support/own-server';
import { signedIn } from './support/visit-people';

// The demo doctor sees a patient here, and the demo clinic's settings change: on a server of
// its own, so the shared server's queue and clinic stay as the other tests expect them.
const server = serverOfThisFile();

test('the super administrator finds a doctor’s read of a chart in Compliance, and the patient sees it in “Who has seen my record”', async ({
  browser,
}) => {
  const baseURL = server().url;
  const { patient, patientId, doctor } = await afterAVisit(browser, baseURL, 'Sunita');

  // The demo doctor opens the chart of the patient he saw.
  await doctor.page.goto(`/chart/${patientId}`);
  await expect(doctor.page.getByRole('heading', { level: 1 })).toHaveText('Sunita Gurung');

  const superadmin = await signedIn(browser, baseURL, 'superadmin@example.com', demoPassword);
  const page = superadmin.page;
  await page.goto('/');
  await page.getByRole('navigation').getByRole('link', { name: 'Compliance' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compliance');
  await page.getByLabel('Patient concerned (e-mail)').fill(patient.email);
  await page.getByLabel('Action').selectOption({ label: 'Chart opened' });
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  const entries = page.getByRole('region', { name: 'Entries' }).getByRole('listitem');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText('Chart opened');
  await expect(entries.first()).toContainText('Ram Thapa · Doctor');
  await expect(entries.first()).toContainText('About Sunita Gurung');
  // He had seen her: no mark of a read without care.
  await expect(entries.first()).not.toContainText('No care relationship');

  // The export holds what the page shows.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const csv = await readFile(await (await download).path(), 'utf8');
  const rows = csv.trimEnd().split('\r\n');
  expect(rows).toHaveLength(2);
  expect(rows[1]).toContain(',chart-read,R,success,');
  expect(rows[1]).toContain(',Sunita Gurung,false,');

  // The patient reads who opened her record, in English and in Nepali.
  await patient.page.goto('/profile');
  await patient.page.getByRole('link', { name: 'Who has seen my record' }).click();
  await expect(patient.page.getByRole('heading', { level: 1 })).toHaveText(
    'Who has seen my record',
  );
  const read = patient.page.getByRole('listitem').filter({ hasText: 'Chart opened' });
  await expect(read).toContainText('Ram Thapa');
  await expect(read).toContainText('Doctor');
  await patient.page.getByRole('button', { name: 'ने' }).click();
  await expect(patient.page.getByRole('heading', { level: 1 })).toHaveText('मेरो रेकर्ड कसले हेरे');
  await expect(patient.page.getByRole('listitem').filter({ hasText: 'चार्ट खोलियो' })).toContainText(
    'डाक्टर',
  );

  await Promise.all([patient, doctor, superadmin].map((person) => person.context.close()));
});
