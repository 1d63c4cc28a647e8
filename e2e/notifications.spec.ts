import { expect, test } from '@playwright/test';
import { createConfirmedAccount, mailTo, password } from './support/accounts';

test('a patient verifies a mobile number in Profile → Notifications and texts stay as switched', async ({
  page,
  request,
}) => {
  const email = await createConfirmedAccount(request, 'notifications');
  const digits = `98${String(Date.now()).slice(-8)}`;
  const phone = `+977${digits}`;
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Notifications' }).click();
  const dialog = page.getByRole('dialog', { name: 'Notifications' });

  // Not a Nepali mobile: refused in words, nothing sent.
  await dialog.getByLabel('Mobile number').fill('01-4123456');
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByText('Enter a Nepali mobile number', { exact: false })).toBeVisible();

  // Typed the way people write it: without +977, with spaces and dashes.
  await dialog
    .getByLabel('Mobile number')
    .fill(`${digits.slice(0, 3)} ${digits.slice(3, 6)}-${digits.slice(6)}`);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByText(`We sent a code to ${phone}.`)).toBeVisible();
  const code = /\b(\d{6})\b/.exec((await mailTo(request, phone, /./)).text)?.[1];
  expect(code).toBeDefined();
  await dialog.getByLabel('Code', { exact: true }).fill(code!);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog.getByText(`Verified: ${phone}`)).toBeVisible();

  const texts = dialog.getByRole('switch', { name: 'Text messages' });
  await expect(dialog.getByRole('switch', { name: 'Push notifications' })).toBeVisible();
  await expect(dialog.getByRole('switch', { name: 'Medication reminders' })).toBeVisible();
  await expect(dialog.getByLabel('Quiet from')).toHaveValue('21:00');
  await expect(dialog.getByLabel('Quiet until')).toHaveValue('07:00');

  // Off and on again, each surviving a reload: the setting is the account's, on the server.
  const wasOn = (await texts.getAttribute('aria-checked')) === 'true';
  for (const on of [!wasOn, wasOn]) {
    await texts.click();
    await expect(texts).toHaveAttribute('aria-checked', String(on));
    await expect(texts).toBeEnabled();
    await page.reload();
    await page.getByRole('button', { name: 'Notifications' }).click();
    await expect(dialog.getByText(`Verified: ${phone}`)).toBeVisible();
    await expect(texts).toHaveAttribute('aria-checked', String(on));
  }
});
