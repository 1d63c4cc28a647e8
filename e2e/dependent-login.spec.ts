import { expect, test } from '@playwright/test';
import { actingForHeader } from '../shared/care-permissions';
import { linkIn, mailTo, password, uniqueEmail } from './support/accounts';
import { caringFor, guardianOfNewDaughter } from './support/care-circle';

// Two people, several page loads each, on a small shared machine.
test.setTimeout(150_000);

test('a guardian gives her child a login; the child makes it from the mailed link, signs in and sees the vital her mother recorded', async ({
  browser,
  baseURL,
}) => {
  const { mother, child } = await guardianOfNewDaughter(browser, baseURL!, '15');
  const page = mother.page;
  // Caring for her, the mother records her heart rate.
  await page.goto('/health/vitals/new');
  await expect(page.getByText(`${child} Gurung's record`)).toBeVisible();
  await page.getByRole('textbox', { name: 'Heart rate' }).fill('93');
  await page.getByRole('button', { name: 'Save vitals' }).click();
  await expect(page.getByText('Vitals saved', { exact: true })).toBeVisible();
  // Stored on the server, not only in the device's outbox: once she owns her record, the
  // mother can no longer add to it.
  const cared = await page.request.get('/api/caring-for');
  const childId = ((await cared.json()) as { patientId: string }[])[0]!.patientId;
  await expect
    .poll(async () => {
      const answer = await page.request.get(`/api/patients/${childId}/vitals`, {
        headers: { [actingForHeader]: childId },
      });
      return ((await answer.json()) as unknown[]).length;
    })
    .toBe(1);
  await caringFor(page).selectOption({ label: 'Myself' });

  // Then gives her a login of her own.
  const childEmail = uniqueEmail('maya');
  await page.goto('/care-circle');
  const row = page.getByRole('listitem').filter({ hasText: `${child} Gurung` });
  await row.getByRole('button', { name: 'Give them their own login' }).click();
  await row.getByLabel('Email').fill(childEmail);
  await row.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation sent')).toBeVisible();
  await expect(page.getByText(`A login for ${child} Gurung`)).toBeVisible();

  // The mailed link, opened on her own phone.
  const link = linkIn(await mailTo(page.request, childEmail, /sign in to Sewa yourself/i));
  const phone = await browser.newContext({ baseURL });
  const her = await phone.newPage();
  await her.goto(link);
  await expect(her.getByText(`A login for ${child} Gurung`)).toBeVisible();
  await her.getByLabel('New password').fill(password);
  await her.getByLabel('Confirm password').fill(password);
  await her.getByRole('button', { name: 'Create my login' }).click();
  await expect(her.getByText(/Your login is ready/)).toBeVisible();
  await her.getByRole('link', { name: 'Sign in' }).click();
  await expect(her.getByLabel('Email')).toHaveValue(childEmail);
  await her.getByLabel('Password').fill(password);
  await her.getByRole('button', { name: 'Sign in', exact: true }).click();

  // Her own record: the heart rate her mother recorded.
  await expect(her).toHaveURL(/\/$/);
  await her.goto('/health?section=vitals');
  await expect(her.getByText('Heart rate: 1 reading, 93 bpm.')).toBeVisible();

  await phone.close();
  await mother.context.close();
});
