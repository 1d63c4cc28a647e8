import { expect, test, type Page } from '@playwright/test';
import { demoPassword } from './support/accounts';

const clinicKey = 'DEV-CLINIC-01';
const devBanner = 'Educational suggestions only. Not medical advice.';
const officialBanner = 'Official Medical Mode';

let address = 0;
test.beforeEach(async ({ context, baseURL }, testInfo) => {
  // Each test speaks from its own address, so the per-address limit on clinic keys
  // (counted like password guesses) never carries over from one test to another.
  address += 1;
  await context.setExtraHTTPHeaders({
    // Replaces the configured headers, so the Origin of the config is repeated here.
    Origin: baseURL ?? '',
    'X-Forwarded-For': `10.77.${testInfo.workerIndex % 250}.${address % 250}`,
  });
});

/** Every browser alert the page raises, accepted as it comes. */
function alertsOf(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}

async function openDeveloperPanel(page: Page, name = 'Developer panel') {
  await page.getByRole('button', { name }).click();
  const panel = page.getByRole('dialog');
  await expect(panel).toBeVisible();
  return panel;
}

const stored = (page: Page) =>
  page.evaluate(() => ({
    deviceMode: localStorage.getItem('deviceMode'),
    clinicCode: localStorage.getItem('clinicCode'),
    clinicName: localStorage.getItem('clinicName'),
    appMode: localStorage.getItem('appMode'),
  }));

test.describe('Research Portal', () => {
  test('uppercases the code, and Continue and Scan QR raise their alerts', async ({ page }) => {
    const alerts = alertsOf(page);
    await page.goto('/research');
    await expect(page.getByRole('heading', { name: 'Research Portal' })).toBeVisible();

    const code = page.getByLabel('Research code');
    await code.fill('study-7b');
    await expect(code).toHaveValue('STUDY-7B');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => alerts).toHaveLength(1);
    expect(alerts[0]).toMatch(/^Code submitted/);
    expect(alerts[0]).toContain('STUDY-7B');

    await page.getByRole('button', { name: 'Scan QR' }).click();
    await expect.poll(() => alerts).toHaveLength(2);
    expect(alerts[1]).toMatch(/scanning.*future update/i);

    await page.getByRole('link', { name: 'Researcher sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('speaks Nepali, alerts included', async ({ page }) => {
    const alerts = alertsOf(page);
    await page.goto('/research');
    await page.getByRole('button', { name: 'ने' }).click();
    await expect(page.getByRole('heading', { name: 'अनुसन्धान पोर्टल' })).toBeVisible();
    await page.getByLabel('अनुसन्धान कोड').fill('abc');
    await page.getByRole('button', { name: 'जारी राख्नुहोस्' }).click();
    await page.getByRole('button', { name: 'QR स्क्यान गर्नुहोस्' }).click();
    await expect
      .poll(() => alerts)
      .toEqual(['कोड पेश गरियो: ABC', 'QR स्क्यान गर्ने सुविधा आगामी अपडेटमा आउनेछ।']);
  });
});

test.describe('developer panel', () => {
  test('is offered on the sign-in page only', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Developer panel' })).toBeVisible();
    for (const other of ['/signup', '/forgot', '/research']) {
      await page.goto(other);
      await expect(page.getByRole('button', { name: 'Developer panel' })).toHaveCount(0);
    }
  });

  test('names each clinic key problem', async ({ page }) => {
    await page.goto('/login');
    const panel = await openDeveloperPanel(page);
    const enable = panel.getByRole('button', { name: 'Enable Clinic Mode' });

    await enable.click();
    await expect(panel.getByRole('alert')).toHaveText('Please enter a clinic key');
    await panel.getByLabel('Clinic key').fill('   ');
    await enable.click();
    await expect(panel.getByRole('alert')).toHaveText('Please enter a clinic key');

    await panel.getByLabel('Clinic key').fill('dev-clinic-02');
    await expect(panel.getByLabel('Clinic key')).toHaveValue('DEV-CLINIC-02');
    await enable.click();
    await expect(panel.getByRole('alert')).toHaveText('Invalid clinic key');
    expect(await stored(page)).toMatchObject({ deviceMode: null, clinicCode: null });
    await expect(page.getByRole('button', { name: 'Clinic', exact: true })).toHaveCount(0);
  });

  test('names the clinic key problems in Nepali', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'ने' }).click();
    const panel = await openDeveloperPanel(page, 'डेभलपर प्यानल');
    const enable = panel.getByRole('button', { name: 'क्लिनिक मोड सुरु गर्नुहोस्' });
    await enable.click();
    await expect(panel.getByRole('alert')).toHaveText('कृपया क्लिनिक कुञ्जी लेख्नुहोस्');
    await panel.getByLabel('क्लिनिक कुञ्जी').fill('nope');
    await enable.click();
    await expect(panel.getByRole('alert')).toHaveText('क्लिनिक कुञ्जी अमान्य छ');

    await panel.getByLabel('क्लिनिक कुञ्जी').fill(clinicKey);
    await enable.click();
    await expect(page.getByText('क्लिनिक मोड सुरु भयो (Development Clinic)')).toBeVisible();
    await panel.getByRole('button', { name: 'व्यक्तिगत मोडमा फर्कनुहोस्' }).click();
    await expect(page.getByText('व्यक्तिगत मोडमा फर्कियो')).toBeVisible();
  });

  test('binds the device to a clinic, which survives a reload and a sign-out', async ({ page }) => {
    const alerts = alertsOf(page);
    await page.goto('/login');
    expect(await stored(page)).toMatchObject({ deviceMode: null, clinicCode: null });

    let panel = await openDeveloperPanel(page);
    await expect(panel.getByText('This is a personal device.')).toBeVisible();
    // Typed in lower case with spaces: the key is trimmed and uppercased.
    await panel.getByLabel('Clinic key').fill('  dev-clinic-01 ');
    await panel.getByLabel('Clinic name').fill('Bhaktapur Health Post');
    await panel.getByRole('button', { name: 'Enable Clinic Mode' }).click();
    await expect(page.getByText('Clinic Mode enabled (Bhaktapur Health Post)')).toBeVisible();
    await expect(panel.getByText('This device is bound to Bhaktapur Health Post.')).toBeVisible();
    expect(await stored(page)).toMatchObject({
      deviceMode: 'clinic',
      clinicCode: clinicKey,
      clinicName: 'Bhaktapur Health Post',
    });
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);

    const badge = page.getByRole('button', { name: 'Clinic', exact: true });
    await expect(badge).toHaveText('Bhaktapur Health Post');
    await badge.click();
    await expect
      .poll(() => alerts)
      .toEqual(['Only managers can change clinic binding at this device.']);

    await page.reload();
    await expect(badge).toHaveText('Bhaktapur Health Post');

    // Signed in, the protected shell shows the badge too.
    const signIn = await page.request.post('/api/auth/sign-in/email', {
      data: { email: 'doctor@example.com', password: demoPassword },
    });
    expect(signIn.status()).toBe(200);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Patient queue' })).toBeVisible();
    await expect(badge).toHaveText('Bhaktapur Health Post');

    expect((await page.request.post('/api/auth/sign-out', { data: {} })).status()).toBe(200);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(badge).toHaveText('Bhaktapur Health Post');
    expect(await stored(page)).toMatchObject({
      deviceMode: 'clinic',
      clinicCode: clinicKey,
      clinicName: 'Bhaktapur Health Post',
    });

    panel = await openDeveloperPanel(page);
    await panel.getByRole('button', { name: 'Switch to Personal' }).click();
    await expect(page.getByText('Switched to Personal Mode')).toBeVisible();
    await expect(panel.getByLabel('Clinic key')).toBeVisible();
    await expect(badge).toHaveCount(0);
    expect(await stored(page)).toMatchObject({
      deviceMode: 'personal',
      clinicCode: null,
      clinicName: null,
    });
  });

  test('switches the app mode, and the banner with it', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByText(devBanner)).toBeVisible();
    const panel = await openDeveloperPanel(page);

    await panel.getByRole('button', { name: 'Official' }).click();
    await expect(page.getByText(officialBanner)).toBeVisible();
    await expect(page.getByText(devBanner)).toHaveCount(0);
    expect((await stored(page)).appMode).toBe('official');

    await page.keyboard.press('Escape');
    await page.reload();
    await expect(page.getByText(officialBanner)).toBeVisible();

    await (await openDeveloperPanel(page)).getByRole('button', { name: 'Development' }).click();
    await expect(page.getByText(devBanner)).toBeVisible();
    await expect(page.getByText(officialBanner)).toHaveCount(0);
    expect((await stored(page)).appMode).toBe('dev');
  });
});
