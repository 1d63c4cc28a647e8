import { expect, test } from '@playwright/test';
import {
  demoPassword,
  linkIn,
  mailTo,
  password,
  signInThroughForm,
  uniqueEmail,
} from './support/accounts';

// Two people, several page loads each, on a small shared machine.
test.setTimeout(150_000);

test('an admin invites a doctor, who sets a password and lands on her queue; deactivated, her open screen ends within seconds and her sign-in is refused', async ({
  browser,
  baseURL,
}) => {
  const office = await browser.newContext({ baseURL });
  const admin = await office.newPage();
  await signInThroughForm(admin, 'admin@example.com', demoPassword);
  await expect(admin).toHaveURL(/\/overview$/);
  await admin.getByRole('link', { name: 'People' }).click();
  await expect(admin.getByRole('heading', { name: 'People', level: 1 })).toBeVisible();

  // The invitation: a doctor of the admin's clinic, the mail in English.
  const email = uniqueEmail('asha');
  await admin.getByLabel('E-mail', { exact: true }).fill(email);
  await admin.getByRole('button', { name: 'Send invitation' }).click();
  await expect(admin.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  const invited = admin.getByRole('listitem').filter({ hasText: email });
  await admin.getByLabel('Search by name, e-mail or phone').fill(email);
  await expect(invited.getByText('Invited', { exact: true })).toBeVisible();

  // Opened on her own phone: she names herself, chooses a password and lands on her queue.
  const link = linkIn(await mailTo(admin.request, email, /invited to work on Sewa/));
  const phone = await browser.newContext({ baseURL });
  const her = await phone.newPage();
  await her.goto(link);
  await expect(her.getByText('You are invited as Doctor at Sewa Virtual Clinic.')).toBeVisible();
  await her.getByLabel('Your full name').fill('Asha Gurung');
  await her.getByLabel('Choose a password').fill(password);
  await her.getByLabel('Type the password again').fill(password);
  await her.getByRole('button', { name: 'Create my account' }).click();
  await expect(her).toHaveURL(/\/queue$/);
  await expect(her.getByRole('heading', { name: 'Patient queue' })).toBeVisible();

  // She leaves: the admin deactivates her, and her open screen ends within seconds.
  await admin.getByLabel('Search by name, e-mail or phone').fill('Asha Gurung');
  const row = admin.getByRole('listitem').filter({ hasText: 'Asha Gurung' });
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Deactivate' }).click();
  await expect(row.getByText(/They are signed out everywhere at once/)).toBeVisible();
  await row.getByRole('button', { name: 'Deactivate' }).click();
  await expect(admin.getByText('Asha Gurung is deactivated.')).toBeVisible();
  await expect(her).toHaveURL(/\/login/, { timeout: 10_000 });

  // Her sign-in is refused, in words that say why.
  await signInThroughForm(her, email, password);
  await expect(
    her.getByText('This account is deactivated. Ask your clinic’s admin to reactivate it.'),
  ).toBeVisible();
  await expect(her).toHaveURL(/\/login/);

  await phone.close();
  await office.close();
});

test('People fits a 360 px phone in Nepali', async ({ page }) => {
  await signInThroughForm(page, 'admin@example.com', demoPassword);
  await expect(page).toHaveURL(/\/overview$/);
  await page.evaluate(() => localStorage.setItem('lang', 'ne'));
  await page.goto('/people');
  await expect(page.getByRole('heading', { name: 'मानिसहरू', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'निम्तो पठाउनुहोस्' })).toBeVisible();
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(wide).toBeLessThanOrEqual(360);
});
