import { createHmac } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { createConfirmedAccount, demoPassword, mailTo, password } from './support/accounts';
import { addVirtualAuthenticator } from './support/webauthn';

/** RFC 6238 TOTP (HMAC-SHA1, 6 digits, 30 s) from a base32 secret, as an authenticator app does. */
function totp(secretBase32: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secretBase32.toUpperCase()) {
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000)));
  const hmac = createHmac('sha1', Buffer.from(bytes)).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

async function signIn(page: Page, email: string, secret = password): Promise<void> {
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: secret },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

function factorRow(page: Page, name: string) {
  return page.getByRole('listitem').filter({ hasText: name });
}

test('a passkey is added on the profile and then signs in on its own', async ({
  page,
  baseURL,
}) => {
  await addVirtualAuthenticator(page);

  await signIn(page, 'patient@example.com', demoPassword);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Privacy & Security' })).toBeVisible();
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Passkey added.')).toBeVisible();
  await expect(factorRow(page, 'Passkey').getByRole('button', { name: 'Remove' })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(overflow).toBe(false);

  const signOut = await page.request.post('/api/auth/sign-out', {
    headers: { origin: baseURL! },
    data: {},
  });
  expect(signOut.ok()).toBe(true);
  expect((await page.request.get('/api/me')).status()).toBe(401);

  // The WebAuthn sign-in ceremony, as a sign-in page would run it.
  await page.goto('/login');
  const status = await page.evaluate(async () => {
    const options = (await (
      await fetch('/api/auth/passkey/generate-authenticate-options')
    ).json()) as PublicKeyCredentialRequestOptionsJSON;
    const credential = (await navigator.credentials.get({
      publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(options),
    })) as PublicKeyCredential;
    const response = await fetch('/api/auth/passkey/verify-authentication', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ response: credential.toJSON() }),
    });
    return response.status;
  });
  expect(status).toBe(200);

  const me = await page.request.get('/api/me');
  expect(me.status()).toBe(200);
  expect(((await me.json()) as { user: { email: string } }).user.email).toBe('patient@example.com');
});

test('an authenticator app is set up by QR key and code, shows backup codes, and is removed', async ({
  page,
  request,
}) => {
  const email = await createConfirmedAccount(request, 'mfa-totp');
  await signIn(page, email);
  await page.goto('/profile');
  await expect(page.getByText('No second factor yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const setup = page.getByRole('region', { name: 'Set up an authenticator app' });
  await setup.getByLabel('Password').fill('not-my-password');
  await setup.getByRole('button', { name: 'Continue' }).click();
  await expect(setup.getByText('Wrong password.')).toBeVisible();
  await setup.getByLabel('Password').fill(password);
  await setup.getByRole('button', { name: 'Continue' }).click();

  await expect(
    setup.getByRole('img', { name: 'QR code for your authenticator app' }),
  ).toBeVisible();
  const secret = (await setup.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await setup.getByLabel('6-digit code').fill(totp(secret));
  await setup.getByRole('button', { name: 'Confirm' }).click();

  const backup = page.getByRole('region', { name: 'Backup codes' });
  await expect(backup).toBeVisible();
  await expect(backup.getByRole('listitem')).toHaveCount(10);
  await backup.getByRole('button', { name: 'Done' }).click();
  await expect(backup).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Set up an authenticator app' })).toHaveCount(0);
  const me = (await (await page.request.get('/api/me')).json()) as {
    user: { twoFactorEnabled: boolean };
  };
  expect(me.user.twoFactorEnabled).toBe(true);

  await factorRow(page, 'Authenticator app').getByRole('button', { name: 'Remove' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove Authenticator app?' });
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Second factor removed.')).toBeVisible();
  await expect(page.getByText('No second factor yet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set up an authenticator app' })).toBeVisible();
});

test('a phone number is added with the texted code, in Nepali', async ({ page, request }) => {
  const email = await createConfirmedAccount(request, 'mfa-phone');
  const phone = `+97798${String(Date.now()).slice(-8)}`;
  await signIn(page, email);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'ने' }).click();
  await expect(page.getByRole('heading', { name: 'गोपनीयता र सुरक्षा' })).toBeVisible();

  await page.getByRole('button', { name: 'फोन नम्बर थप्नुहोस्' }).click();
  const setup = page.getByRole('region', { name: 'फोन नम्बर थप्नुहोस्' });
  await setup.getByLabel('फोन नम्बर').fill('9812345678');
  await setup.getByRole('button', { name: 'कोड पठाउनुहोस्' }).click();
  await expect(setup.getByText('देशको कोडसहित नम्बर लेख्नुहोस्', { exact: false })).toBeVisible();
  await setup.getByLabel('फोन नम्बर').fill(phone);
  await setup.getByRole('button', { name: 'कोड पठाउनुहोस्' }).click();

  await expect(setup.getByText(`हामीले ${phone} मा कोड पठायौँ।`)).toBeVisible();
  const code = /\b(\d{6})\b/.exec((await mailTo(request, phone, /./)).text)?.[1];
  expect(code).toBeDefined();
  await setup.getByLabel('६ अङ्कको कोड').fill(code!);
  await setup.getByLabel('पासवर्ड').fill(password);
  await setup.getByRole('button', { name: 'प्रमाणित गर्नुहोस्' }).click();

  await expect(page.getByText('फोन नम्बर थपियो।')).toBeVisible();
  await expect(factorRow(page, phone)).toBeVisible();
  await expect(page.getByRole('button', { name: 'फोन नम्बर थप्नुहोस्' })).toHaveCount(0);
  const me = (await (await page.request.get('/api/me')).json()) as {
    user: { twoFactorEnabled: boolean };
  };
  expect(me.user.twoFactorEnabled).toBe(true);
});
