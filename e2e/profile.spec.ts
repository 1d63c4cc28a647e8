import { expect, test, type Page } from '@playwright/test';
import { demoPassword, signedInPatient } from './support/accounts';

/** The screen fits a 360-pixel phone: nothing makes the page scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
}

async function signIn(page: Page, email: string) {
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: demoPassword },
  });
  expect(response.status(), await response.text()).toBe(200);
}

const devanagari = (value: number) =>
  String(value).replace(/\d/g, (digit) => '०१२३४५६७८९'[Number(digit)]!);

interface MeAnswer {
  user: { id: string };
  profile: { first_name: string; gender: string | null; current_age: number | null } | null;
}
const me = async (page: Page) => (await (await page.request.get('/api/me')).json()) as MeAnswer;

test('a patient with only a BS birth date sees her age, and corrects her details in Nepali', async ({
  page,
}) => {
  await signedInPatient(page, 'bs-age', {
    first_name: 'Sita',
    gender: 'male',
    age: '',
    date_system: 'bs',
    dob_bs: '२०४५-०२-३०',
  });
  const age = (await me(page)).profile?.current_age;
  expect(age).toBeGreaterThanOrEqual(37);
  await page.evaluate(() => localStorage.setItem('lang', 'ne'));

  await page.goto('/profile');
  await expect(page.getByText(`${devanagari(age!)} वर्ष`)).toBeVisible();
  await expect(page.getByText('उमेर दिइएको छैन')).toHaveCount(0);
  await page.goto('/health');
  await expect(page.getByText(`${devanagari(age!)} वर्ष`)).toBeVisible();
  await page.goto('/profile');

  await page.getByRole('button', { name: 'व्यक्तिगत विवरण सम्पादन' }).click();
  const dialog = page.getByRole('dialog', { name: 'व्यक्तिगत विवरण' });
  await expect(dialog).toBeVisible();
  await expectNoSidewaysScroll(page);
  // The form starts from what she saved, and refuses what onboarding refuses, in Nepali.
  await expect(dialog.getByLabel('पहिलो नाम')).toHaveValue('Sita');
  await dialog.getByLabel('पहिलो नाम').fill(' ');
  await dialog.getByRole('button', { name: 'विवरण सेभ गर्नुहोस्' }).click();
  await expect(dialog.getByText('कृपया आफ्नो पहिलो नाम लेख्नुहोस्')).toBeVisible();

  await dialog.getByLabel('पहिलो नाम').fill('सीता');
  await dialog.getByLabel('लिङ्ग').selectOption('female');
  await dialog.getByRole('button', { name: 'विवरण सेभ गर्नुहोस्' }).click();
  await expect(page.getByText('विवरण सेभ भयो')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'सीता' })).toBeVisible();
  expect((await me(page)).profile).toMatchObject({ first_name: 'सीता', gender: 'female' });
  await expectNoSidewaysScroll(page);
});

test('Language and region switches the app and stores the language on the account', async ({
  page,
}) => {
  await signedInPatient(page, 'language', { first_name: 'Gita', date_system: 'ad' });
  await page.goto('/profile');
  await page.getByRole('button', { name: /^Language and region/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Language and region' });
  await expect(
    dialog.getByText('Nepal. Times are clinic time (UTC+5:45)', { exact: false }),
  ).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'English' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expectNoSidewaysScroll(page);

  await dialog.getByRole('radio', { name: 'नेपाली' }).click();
  const nepali = page.getByRole('dialog', { name: 'भाषा र क्षेत्र' });
  await expect(nepali.getByRole('radio', { name: 'नेपाली' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(page.locator('html')).toHaveAttribute('lang', 'ne');
  // Stored on the account, so texts and mails follow it.
  await expect
    .poll(async () => {
      const settings = await page.request.get('/api/notifications/settings');
      return ((await settings.json()) as { language: string }).language;
    })
    .toBe('ne');
  await expectNoSidewaysScroll(page);
});

test('Linked clinics lists the clinics that care for the patient, or says there are none', async ({
  page,
}) => {
  await signedInPatient(page, 'clinics', { first_name: 'Asha', date_system: 'ad' });
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Linked clinics' }).click();
  await expect(
    page
      .getByRole('dialog', { name: 'Linked clinics' })
      .getByText('No clinic has cared for you in Sewa yet.', {
        exact: false,
      }),
  ).toBeVisible();

  // The demo doctor, of the demo clinic, prescribed for the demo patient.
  await page.context().clearCookies();
  await signIn(page, 'patient@example.com');
  const clinics = (await (await page.request.get('/api/profile/clinics')).json()) as {
    clinics: { name: string }[];
  };
  expect(clinics.clinics.length).toBeGreaterThan(0);
  await page.evaluate(() => localStorage.setItem('lang', 'ne'));
  await page.goto('/profile');
  await page.getByRole('button', { name: 'जोडिएका क्लिनिकहरू' }).click();
  const dialog = page.getByRole('dialog', { name: 'जोडिएका क्लिनिकहरू' });
  await expect(dialog.getByRole('listitem')).toHaveText(clinics.clinics.map((each) => each.name));
  await expectNoSidewaysScroll(page);
});

test('This device shows its mode and storage, and Forget this device erases it and signs out', async ({
  page,
}) => {
  await signedInPatient(page, 'forget', { first_name: 'Maya', date_system: 'ad' });
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Maya' })).toBeVisible();
  // What the device keeps for her: the owner mark of her kept data.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('sewa-data-owner')))
    .not.toBeNull();

  await page.getByRole('button', { name: 'This device' }).click();
  const dialog = page.getByRole('dialog', { name: 'This device' });
  await expect(dialog.getByRole('definition').first()).toHaveText('Personal device');
  await expect(dialog.getByRole('definition').nth(1)).toHaveText(/^\d+(\.\d)? MB$/);
  await expectNoSidewaysScroll(page);

  await dialog.getByRole('button', { name: 'Forget this device' }).click();
  await dialog.getByRole('button', { name: 'Forget and sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('This device no longer keeps anything of yours')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('sewa-data-owner'))).toBeNull();
  const snapshots = await page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('sewa-cache');
        open.onerror = () => reject(new Error('no database'));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('snapshots')) return resolve(0);
          const count = db.transaction('snapshots').objectStore('snapshots').count();
          count.onsuccess = () => resolve(count.result);
        };
      }),
  );
  expect(snapshots).toBe(0);
  // Signed out on the server too.
  await expect.poll(async () => (await page.request.get('/api/me')).status()).toBe(401);
});

for (const language of ['en', 'ne'] as const) {
  test(`a doctor's Profile shows only what applies to a doctor (${language})`, async ({ page }) => {
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 403) refused.push(response.url());
    });
    await signIn(page, 'doctor@example.com');
    if (language === 'ne') await page.addInitScript(() => localStorage.setItem('lang', 'ne'));
    await page.goto('/profile');
    const words =
      language === 'en'
        ? {
            name: 'Ram Thapa',
            gone: ['View history', 'Message clinic', 'Linked clinics', 'Invite a caregiver'],
            goneText: ['The clinics that care for you', 'Age not given', 'No vitals yet.'],
            kept: ['Edit personal details', 'This device', 'Log out'],
          }
        : {
            name: 'Ram Thapa',
            gone: ['इतिहास हेर्नुहोस्', 'क्लिनिकलाई सन्देश', 'जोडिएका क्लिनिकहरू'],
            goneText: ['तपाईंको हेरचाह गर्ने क्लिनिकहरू', 'उमेर दिइएको छैन'],
            kept: ['व्यक्तिगत विवरण सम्पादन', 'यो उपकरण', 'लग आउट'],
          };
    await expect(page.getByRole('heading', { name: words.name })).toBeVisible();
    for (const name of words.kept) {
      await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
    }
    for (const name of words.gone) {
      await expect(page.getByRole('link', { name })).toHaveCount(0);
      await expect(page.getByRole('button', { name })).toHaveCount(0);
    }
    for (const text of words.goneText) await expect(page.getByText(text)).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    expect(refused).toEqual([]);
  });
}

for (const language of ['en', 'ne'] as const) {
  test(`the researcher's home says what is coming, reaches the Profile and logs out (${language})`, async ({
    page,
  }) => {
    await signIn(page, 'researcher@example.com');
    if (language === 'ne') await page.addInitScript(() => localStorage.setItem('lang', 'ne'));
    await page.goto('/');
    const words =
      language === 'en'
        ? {
            heading: 'Research Portal',
            offers: 'What the portal will offer',
            contact: 'Who to contact',
            profile: 'Profile',
            logOut: 'Log out',
            loggedOut: 'Logged out successfully',
          }
        : {
            heading: 'अनुसन्धान पोर्टल',
            offers: 'पोर्टलले दिने सुविधा',
            contact: 'कसलाई सम्पर्क गर्ने',
            profile: 'प्रोफाइल',
            logOut: 'लग आउट',
            loggedOut: 'सफलतापूर्वक लग आउट भयो',
          };
    await expect(page.getByRole('heading', { name: words.heading, level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: words.offers })).toBeVisible();
    await expect(page.getByRole('heading', { name: words.contact })).toBeVisible();
    await expect(page.getByText('Coming Soon')).toHaveCount(0);
    await expectNoSidewaysScroll(page);

    const nav = page.getByRole('navigation');
    await nav.getByRole('link', { name: words.profile }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'Bikash' })).toBeVisible();
    await page.goBack();

    await page.getByRole('button', { name: words.logOut }).click();
    await expect(page.getByText(words.loggedOut)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
}
