import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { addClinicDays, clinicToday } from '../shared/clinic-time';
import { englishDateWords } from '../shared/date-words';
import { nepaliDateWords } from '../shared/nepali-date-words';
import { createConfirmedAccount, demoPassword, password } from './support/accounts';
import { startOwnServer, type OwnServer } from './support/own-server';
import {
  demoDoctor,
  newPatient,
  signedIn,
  uniqueFirstName,
  type Person,
} from './support/visit-people';

const card = (page: Page) => page.getByRole('region', { name: 'Next appointment' });
const dayList = (page: Page) => page.getByRole('list', { name: 'Day' });
const slotList = (page: Page) => page.getByRole('list', { name: 'Time (clinic time)' });
const slotButtons = (page: Page) => slotList(page).getByRole('button');

/** A clinic day this many days from today, as its button in the day picker reads it. */
function dayButton(page: Page, daysAhead: number) {
  const label = englishDateWords.weekdayAndDay(addClinicDays(clinicToday(), daysAhead));
  return dayList(page).getByRole('button', { name: new RegExp(`^${label}\\b`) });
}

/** Cancels the signed-in patient's upcoming appointments, so the demo patient ends with none. */
async function cancelAllOf(request: APIRequestContext): Promise<void> {
  const response = await request.get('/api/appointments');
  if (!response.ok()) return;
  const appointments = (await response.json()) as { id: string; status: string }[];
  for (const appointment of appointments.filter((each) => each.status === 'booked')) {
    await request.post(`/api/appointments/${appointment.id}/cancel`, { data: {} });
  }
}

/** Opens booking from the home's quick action, on the day and doctor the server chose. */
async function openBooking(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('link', { name: 'Schedule' }).first().click();
  await expect(page).toHaveURL(/\/appointments\/book$/);
  await expect(page.getByRole('heading', { name: 'Book an appointment' })).toBeVisible();
  await expect(page.getByLabel('Doctor')).not.toHaveValue('');
  await expect(dayList(page).getByRole('button', { pressed: true })).toBeVisible();
  await expect(slotButtons(page).first()).toBeVisible();
}

/** Chooses the demo doctor (the one the virtual clinic's hours are seeded for). */
async function chooseDemoDoctor(page: Page, label = 'Doctor'): Promise<void> {
  const doctor = page.getByLabel(label);
  const demo = doctor.locator('option').filter({ hasText: 'Ram Thapa' });
  await expect(demo).toHaveCount(1);
  await doctor.selectOption((await demo.getAttribute('value')) ?? '');
}

test.describe('booking on the shared server', () => {
  test('the demo patient books, sees the card, reschedules and cancels', async ({ page }) => {
    const signIn = await page.request.post('/api/auth/sign-in/email', {
      data: { email: 'patient@example.com', password: demoPassword },
    });
    expect(signIn.ok(), await signIn.text()).toBe(true);
    await cancelAllOf(page.request);
    try {
      await openBooking(page);
      await chooseDemoDoctor(page);
      // A day a week ahead, where every slot of the virtual clinic is still free.
      await dayButton(page, 7).click();
      await expect(slotButtons(page).first()).toHaveText('07:30');
      await slotList(page).getByRole('button', { name: '09:15', exact: true }).click();
      await page.getByLabel('Reason').fill('Knee pain when climbing stairs');
      await page.getByRole('button', { name: 'Book appointment' }).click();
      await expect(page.getByText('Appointment booked', { exact: true })).toBeVisible();
      await expect(page).toHaveURL(/\/$/);

      const booked = card(page);
      const weekAhead = englishDateWords.weekdayAndDay(addClinicDays(clinicToday(), 7));
      await expect(booked.getByText('Upcoming')).toBeVisible();
      await expect(booked.getByText('Knee pain when climbing stairs')).toBeVisible();
      await expect(booked.getByText(`${weekAhead} at 09:15 · Video visit`)).toBeVisible();
      await expect(booked.getByText('Check-in opens at 08:45')).toBeVisible();
      await expect(booked.getByRole('button', { name: 'Join Video Visit' })).toBeVisible();

      await booked.getByRole('link', { name: 'Reschedule' }).click();
      await expect(page).toHaveURL(/\/appointments\/book\?reschedule=/);
      await expect(
        page.getByRole('heading', { name: 'Reschedule appointment', level: 1 }),
      ).toBeVisible();
      await expect(page.getByText(/Choose a new time for your appointment/)).toBeVisible();
      await dayButton(page, 8).click();
      await slotList(page).getByRole('button', { name: '16:00', exact: true }).click();
      await page.getByRole('button', { name: 'Reschedule' }).click();
      await expect(page.getByText('Appointment rescheduled')).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      const eightAhead = englishDateWords.weekdayAndDay(addClinicDays(clinicToday(), 8));
      await expect(card(page).getByText(`${eightAhead} at 16:00 · Video visit`)).toBeVisible();

      await card(page).getByRole('button', { name: 'Cancel appointment' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel this appointment?' });
      await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
      await expect(page.getByText('Appointment cancelled')).toBeVisible();
      await expect(card(page).getByText('No appointment booked.')).toBeVisible();
      await expect(card(page).getByRole('button', { name: 'Join Video Visit' })).toBeVisible();
    } finally {
      await cancelAllOf(page.request);
    }
  });

  test('two patients press one slot at once: one books it, the other is told and sees fresh slots', async ({
    browser,
    baseURL,
  }) => {
    const first = await newPatient(browser, baseURL!, uniqueFirstName('Race'));
    const second = await newPatient(browser, baseURL!, uniqueFirstName('Race'));
    try {
      // The first slot still free on a day far ahead, where only this test books.
      let time: string | undefined;
      for (const { page } of [first, second]) {
        await openBooking(page);
        await chooseDemoDoctor(page);
        await dayButton(page, 25).click();
        await expect(slotButtons(page).first()).toBeVisible();
        time ??= (await slotButtons(page).first().textContent())!;
        await slotList(page).getByRole('button', { name: time, exact: true }).click();
      }
      await Promise.all(
        [first, second].map(({ page }) =>
          page.getByRole('button', { name: 'Book appointment' }).click(),
        ),
      );
      const taken = 'That time was just taken. Please choose another.';
      const outcome = async ({ page }: Person) => {
        const message = page.getByText(taken);
        await expect(
          page.getByText('Appointment booked', { exact: true }).or(message),
        ).toBeVisible();
        return (await message.isVisible()) ? 'taken' : 'booked';
      };
      const outcomes = await Promise.all([outcome(first), outcome(second)]);
      expect([...outcomes].sort()).toEqual(['booked', 'taken']);
      const loser = outcomes[0] === 'taken' ? first : second;
      // The page stays on the same day with the slots read again, the taken one gone.
      await expect(loser.page).toHaveURL(/\/appointments\/book$/);
      await expect(slotButtons(loser.page).first()).toBeVisible();
      await expect(slotList(loser.page).getByRole('button', { name: time })).toHaveCount(0);
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });

  test('from a phone in Honolulu the virtual clinic still reads 07:30 … 18:45 clinic time', async ({
    browser,
    baseURL,
  }) => {
    const person = await patientInZone(browser, baseURL!, 'Pacific/Honolulu');
    try {
      const { page } = person;
      await openBooking(page);
      await chooseDemoDoctor(page);
      // Far ahead, where no other test books the demo doctor.
      await dayButton(page, 20).click();
      await expect(dayButton(page, 20)).toHaveAttribute('aria-pressed', 'true');
      await expect(slotButtons(page).first()).toHaveText('07:30');
      await expect(slotButtons(page).last()).toHaveText('18:45');
      // 7:30 to 19:00 in 15 minutes: 46 slots.
      await expect(slotButtons(page)).toHaveCount(46);
    } finally {
      await person.context.close();
    }
  });
});

test('booking reads in Nepali: Bikram Sambat days and Devanagari clinic times', async ({
  browser,
  baseURL,
}) => {
  const person = await patientInZone(browser, baseURL!, 'America/New_York');
  try {
    const { page } = person;
    await page.addInitScript(() => localStorage.setItem('lang', 'ne'));
    await page.goto('/appointments/book');
    await expect(page.getByRole('heading', { name: 'अपोइन्टमेन्ट बुक गर्नुहोस्' })).toBeVisible();
    await chooseDemoDoctor(page, 'डाक्टर');
    const day = nepaliDateWords.weekdayAndDay(addClinicDays(clinicToday(), 21));
    await page
      .getByRole('list', { name: 'दिन' })
      .getByRole('button', { name: new RegExp(`^${day}`) })
      .click();
    const slots = page.getByRole('list', { name: 'समय (क्लिनिकको समय)' }).getByRole('button');
    await expect(slots.first()).toHaveText('०७:३०');
    await expect(slots.last()).toHaveText('१८:४५');
    await expect(page.getByRole('button', { name: 'अपोइन्टमेन्ट बुक गर्नुहोस्' })).toBeVisible();
  } finally {
    await person.context.close();
  }
});

/** A new patient signed in from a browser whose clock is in `timezoneId`. */
async function patientInZone(browser: Browser, baseURL: string, timezoneId: string) {
  const api = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { Origin: baseURL },
  });
  const email = await createConfirmedAccount(api, 'zone');
  await api.dispose();
  const context = await browser.newContext({
    baseURL,
    timezoneId,
    extraHTTPHeaders: { Origin: baseURL },
  });
  const page = await context.newPage();
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const saved = await page.request.put('/api/profile', {
    data: { first_name: uniqueFirstName('Zone'), age: 40, date_system: 'ad' },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  return { context, page };
}

// Checking in fills a doctor's queue, and the doctor's hours are changed to be open now:
// these run on a server of their own, one after another.
test.describe('hours and check-in on a server of their own', () => {
  test.describe.configure({ mode: 'serial' });
  let server: OwnServer;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startOwnServer({ TZ: 'America/New_York' });
  });

  test.afterAll(async () => {
    await server.stop();
  });

  test("a manager finds the doctors' hours on Today and opens one doctor's", async ({
    browser,
  }) => {
    const manager = await signedIn(browser, server.url, 'manager@example.com', demoPassword);
    try {
      const { page } = manager;
      await page.goto('/today');
      const section = page.getByRole('region', { name: "Doctors' hours" });
      await expect(section).toBeVisible();
      await section.getByRole('link').first().click();
      await expect(page).toHaveURL(/\/hours\/[^/]+$/);
      await expect(page.getByRole('heading', { name: 'Working hours' })).toBeVisible();
      // The virtual clinic works every day, Saturday too.
      const saturday = page.getByRole('group', { name: 'Saturday' });
      await expect(saturday.getByLabel('Works this day')).toBeChecked();
      await expect(saturday.getByLabel('Start')).toHaveValue('07:30');
      await expect(saturday.getByLabel('End')).toHaveValue('19:00');
      await expect(page.getByLabel('Slot length')).toHaveValue('15');
    } finally {
      await manager.context.close();
    }
  });

  test("a booking for today counts on the manager's Today; the patient checks in within the window, waits, and the doctor sees the time and starts the visit", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const doctor = await demoDoctor(browser, server.url);
    const firstName = uniqueFirstName('Checkin');
    const patient = await newPatient(browser, server.url, firstName);
    let managerContext: BrowserContext | undefined;
    try {
      // The doctor opens their hours from Profile and works the whole day, every day, so a
      // slot starts within the next quarter of an hour whatever the time of the run.
      await doctor.page.goto('/profile');
      await doctor.page.getByRole('link', { name: 'Working hours' }).click();
      await expect(doctor.page.getByRole('heading', { name: 'Working hours' })).toBeVisible();
      for (const weekday of [
        'Sunday',
        'Monday',
        'Tuesday',
        'Wednesday',
        'Thursday',
        'Friday',
        'Saturday',
      ]) {
        const day = doctor.page.getByRole('group', { name: weekday });
        await day.getByLabel('Works this day').check();
        await day.getByLabel('Start').fill('00:00');
        await day.getByLabel('End').fill('23:59');
      }
      await doctor.page.getByRole('button', { name: 'Save hours' }).click();
      await expect(doctor.page.getByText('Hours saved')).toBeVisible();

      // The doctor's queue is open while the patient books and checks in: both arrive live.
      await doctor.page.goto('/queue');
      const today = doctor.page.getByRole('region', { name: "Today's appointments" });
      await expect(today).toBeVisible();
      const entry = today.getByRole('listitem').filter({ hasText: firstName });

      // The manager's Today counts the day's appointments.
      const manager = await signedIn(browser, server.url, 'manager@example.com', demoPassword);
      managerContext = manager.context;
      const appointmentsTile = manager.page
        .locator('dt', { hasText: /^Appointments$/ })
        .locator('xpath=following-sibling::dd[1]');
      await manager.page.goto('/today');
      await expect(appointmentsTile).toHaveText(/^\d+$/);
      const before = Number(await appointmentsTile.textContent());

      await openBooking(patient.page);
      await chooseDemoDoctor(patient.page);
      const chosenDay = await dayList(patient.page)
        .getByRole('button', { pressed: true })
        .textContent();
      // Booked in the last quarter of an hour of a clinic day, it is tomorrow's appointment.
      const bookedToday = chosenDay!.startsWith(englishDateWords.weekdayAndDay(clinicToday()));
      const first = slotButtons(patient.page).first();
      const time = (await first.textContent())!.trim();
      await first.click();
      await patient.page.getByLabel('Reason').fill('Follow-up on my cough');
      await patient.page.getByRole('button', { name: 'Book appointment' }).click();
      await expect(patient.page.getByText('Appointment booked', { exact: true })).toBeVisible();
      if (bookedToday) {
        await expect(entry).toContainText(time);
        await expect(entry).toContainText('Follow-up on my cough');
        await expect(entry).toContainText('Upcoming');
        await manager.page.reload();
        await expect(appointmentsTile).toHaveText(String(before + 1));
      }

      await expect(card(patient.page).getByText(`at ${time} · Video visit`)).toBeVisible();
      await card(patient.page).getByRole('button', { name: 'Check in' }).click();
      await expect(patient.page).toHaveURL(/\/visit\/[0-9a-f-]{36}$/);
      await expect(patient.page.getByRole('button', { name: 'Leave waiting room' })).toBeVisible();
      const visitId = patient.page.url().split('/').pop()!;

      const row = doctor.page
        .getByRole('region', { name: 'Patients waiting' })
        .getByRole('listitem')
        .filter({ hasText: firstName });
      await expect(row.getByText(`Scheduled ${time}`)).toBeVisible();
      if (bookedToday) await expect(entry).toContainText('Checked in');
      await row.getByRole('button', { name: 'Start visit' }).click();
      await expect(doctor.page).toHaveURL(new RegExp(`/visit/${visitId}$`));
      await expect(doctor.page.getByRole('button', { name: 'End visit' })).toBeVisible();
      await expect(
        patient.page
          .getByRole('link', { name: 'Doctor is in — Join visit' })
          .or(patient.page.getByRole('button', { name: 'Doctor is in — Join visit' }))
          .first(),
      ).toBeVisible();
    } finally {
      await doctor.context.close();
      await patient.context.close();
      await managerContext?.close();
    }
  });
});
