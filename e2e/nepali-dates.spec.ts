import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { adDayToBs } from '../shared/bs-calendar';
import { addClinicDays, clinicToday, type ClinicDay } from '../shared/clinic-time';
import { devanagariDigits } from '../shared/date-words';
import { nepaliDateWords } from '../shared/nepali-date-words';
import { demoPassword, signedInPatient } from './support/accounts';
import { newPatient, signedIn } from './support/visit-people';

/** The screen fits a 360-pixel phone: nothing makes the page scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
}

const bsMonths = [
  'बैशाख',
  'जेठ',
  'असार',
  'श्रावण',
  'भाद्र',
  'आश्विन',
  'कार्तिक',
  'मंसिर',
  'पौष',
  'माघ',
  'फाल्गुण',
  'चैत्र',
];

/** The BS year, month name and day a date input shows, as its three selects read. */
async function shownDate(input: Locator): Promise<string[]> {
  return Promise.all(
    ['साल', 'महिना', 'गते'].map((name) =>
      input
        .getByRole('combobox', { name })
        .evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? ''),
    ),
  );
}

/** What the input shows for an AD day: BS, in Devanagari digits. */
function bsWords(day: ClinicDay): string[] {
  const bs = adDayToBs(day)!;
  return [
    devanagariDigits(String(bs.year)),
    bsMonths[bs.month - 1]!,
    devanagariDigits(String(bs.day)),
  ];
}

async function choose(input: Locator, day: ClinicDay) {
  const [year, month, date] = bsWords(day);
  await input.getByRole('combobox', { name: 'साल' }).selectOption({ label: year! });
  await input.getByRole('combobox', { name: 'महिना' }).selectOption({ label: month! });
  await input.getByRole('combobox', { name: 'गते' }).selectOption({ label: date! });
}

test.use({ viewport: { width: 360, height: 740 } });

test('in Nepali, the vitals form takes the time as a BS date and a 24-hour time in Devanagari digits', async ({
  page,
}) => {
  await signedInPatient(page, 'bs-vitals', { first_name: 'Sita', age: 34, date_system: 'ad' });
  await page.addInitScript(() => localStorage.setItem('lang', 'ne'));
  // Clinic time 19:51 on 27 November 2026, which is मंसिर ११, २०८३: never "11/27/2026, 07:51 PM".
  await page.clock.setFixedTime(new Date('2026-11-27T14:06:00Z'));
  await page.goto('/health/vitals/new');
  const takenAt = page.getByRole('group', { name: 'नापेको समय' });
  const date = takenAt.getByRole('group', { name: 'मिति' });
  expect(await shownDate(date)).toEqual(['२०८३', 'मंसिर', '११']);
  const time = takenAt.getByRole('textbox', { name: 'समय (२४ घण्टा)' });
  await expect(time).toHaveValue('१९:५१');
  await expect(takenAt).not.toContainText(/[0-9]|AM|PM/);
  await expectNoSidewaysScroll(page);

  // The day before, at half past eight in the morning: saved, and listed in BS.
  await choose(date, '2026-11-26');
  await time.fill('०८:३०');
  await page.getByRole('textbox', { name: 'मुटुको धड्कन' }).fill('७२');
  await page.getByRole('button', { name: 'भाइटल्स सुरक्षित गर्नुहोस्' }).click();
  await expect(page).toHaveURL(/\/health\?section=vitals$/);
  await expect(page.getByText('मंसिर १०, २०८३, ०८:३० · तपाईंले लेख्नुभएको')).toBeVisible();
});

test('in Nepali, the doctor’s days off and a prescription’s start are BS dates in Devanagari digits', async ({
  browser,
  baseURL,
}) => {
  // A patient whose care-team conversation the demo doctor answered: the doctor cares for them.
  const patient = await newPatient(browser, baseURL!, 'Bimala');
  const patientId = (
    (await (await patient.page.request.get('/api/me')).json()) as {
      user: { id: string };
    }
  ).user.id;
  const started = await patient.page.request.post('/api/messaging/care-team');
  expect(started.ok(), await started.text()).toBe(true);
  const { conversation } = (await started.json()) as { conversation: { id: string } };
  const doctor = await signedIn(browser, baseURL!, 'doctor@example.com', demoPassword);
  const answered = await doctor.page.request.post(
    `/api/messaging/conversations/${conversation.id}/messages`,
    { data: { id: randomUUID(), content: 'Namaste, how can we help?' } },
  );
  expect(answered.ok(), await answered.text()).toBe(true);
  const doctorId = (
    (await (await doctor.page.request.get('/api/me')).json()) as {
      user: { id: string };
    }
  ).user.id;

  const page = doctor.page;
  await page.setViewportSize({ width: 360, height: 740 });
  await page.addInitScript(() => localStorage.setItem('lang', 'ne'));

  // Days off: a BS day chosen, listed in BS words; nothing saved.
  await page.goto(`/hours/${doctorId}`);
  const dayOff = page.getByRole('group', { name: 'बिदाको दिन' });
  await expect(dayOff.getByRole('combobox', { name: 'महिना' })).toBeVisible();
  await expect(dayOff).not.toContainText(/[0-9]/);
  const inTenDays = addClinicDays(clinicToday(), 10);
  await choose(dayOff, inTenDays);
  await page.getByRole('button', { name: 'बिदा थप्नुहोस्' }).click();
  await expect(page.getByText(nepaliDateWords.longDay(inTenDays), { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);

  // The prescription's start: today, in BS.
  await page.goto(`/chart/${patientId}`);
  const start = page.getByRole('group', { name: 'सुरु मिति' });
  await expect(start.getByRole('combobox', { name: 'साल' })).toBeVisible();
  expect(await shownDate(start)).toEqual(bsWords(clinicToday()));
  await expect(start).not.toContainText(/[0-9]/);
  await expectNoSidewaysScroll(page);
  await patient.context.close();
  await doctor.context.close();
});
