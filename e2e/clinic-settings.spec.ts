import { expect, test } from '@playwright/test';
import { addClinicDays, clinicToday } from '../shared/clinic-time';
import { demoPassword } from './support/accounts';
import { afterAVisit } from './support/patient-record';
import { serverOfThisFile } from './support/own-server';
import { signedIn } from './support/visit-people';

// The demo doctor sees a patient here, and the demo clinic's settings change: on a server of
// its own, so the shared server's queue and clinic stay as the other tests expect them.
const server = serverOfThisFile();

test('the administrator writes the clinic’s announcement in both languages and its patients read it on their home', async ({
  browser,
}) => {
  const baseURL = server().url;
  const admin = await signedIn(browser, baseURL, 'admin@example.com', demoPassword);
  const page = admin.page;
  await page.goto('/');
  await page.getByRole('navigation').getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
  await expect(page.getByLabel('Clinic name')).toHaveValue('Sewa Virtual Clinic');

  // A visit of 3 minutes is no visit: refused in words, nothing saved.
  await page.getByLabel('Default visit length (minutes)').fill('3');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('A visit lasts 5 to 120 minutes')).toBeVisible();
  await page.getByLabel('Default visit length (minutes)').fill('20');

  const words = `Free blood-sugar checks this week ${Date.now().toString(36)}`;
  await page.getByLabel('Show an announcement').check();
  await page.getByLabel('Announcement in English').fill(words);
  // Only English: the Nepali is asked for before anything is saved.
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Write the announcement in English and in Nepali')).toBeVisible();
  await page.getByLabel('Announcement in Nepali').fill('यो हप्ता निःशुल्क सुगर जाँच');
  await page.getByLabel('First day').fill(clinicToday());
  await page.getByLabel('Last day').fill(addClinicDays(clinicToday(), 2));
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();

  // A patient the clinic's doctor saw reads it, in her language.
  const { patient, doctor } = await afterAVisit(browser, baseURL, 'Laxmi');
  await patient.page.goto('/');
  const announcements = patient.page.getByRole('region', { name: 'Announcements', exact: true });
  await expect(announcements).toContainText(`Sewa Virtual Clinic: ${words}`);
  await patient.page.getByRole('button', { name: 'ने' }).click();
  await expect(patient.page.getByRole('region', { name: 'सूचनाहरू', exact: true })).toContainText(
    'Sewa Virtual Clinic: यो हप्ता निःशुल्क सुगर जाँच',
  );

  // Taken down: gone from the patient's home.
  await page.getByLabel('Show an announcement').uncheck();
  await page.getByLabel('Default visit length (minutes)').fill('15');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved').last()).toBeVisible();
  await expect(async () => {
    await patient.page.reload();
    await expect(patient.page.getByRole('region', { name: 'सूचनाहरू', exact: true })).toBeVisible();
    await expect(patient.page.getByText('यो हप्ता निःशुल्क सुगर जाँच')).toHaveCount(0);
  }).toPass();

  await Promise.all([admin, patient, doctor].map((person) => person.context.close()));
});
