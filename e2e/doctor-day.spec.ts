import { expect, test, type Page } from '@playwright/test';
import type { Availability, DoctorListEntry } from '../shared/appointments';
import { clinicToday, clinicWeekday } from '../shared/clinic-time';
import { demoPassword } from './support/accounts';
import { startOwnServer, type OwnServer } from './support/own-server';
import { newPatient, signedIn, uniqueFirstName } from './support/visit-people';

const phone = { width: 360, height: 740 };

/** Nothing on the page is wider than the phone: it does not scroll sideways. */
async function expectFitsPhone(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBe(clientWidth);
}

async function inLanguage(page: Page, lang: 'en' | 'ne'): Promise<void> {
  await page.evaluate((chosen) => localStorage.setItem('lang', chosen), lang);
  await page.reload();
}

/** The demo doctor's id, and their week saved as `weekdays` all day (00:00–23:59). */
async function demoDoctorWorks(page: Page, weekdays: number[]): Promise<string> {
  const doctors = (await (await page.request.get('/api/doctors')).json()) as DoctorListEntry[];
  const id = doctors[0]!.id;
  const saved = await page.request.put(`/api/doctors/${id}/hours`, {
    data: {
      slotMinutes: 15,
      week: weekdays.map((weekday) => ({ weekday, start: '00:00', end: '23:59' })),
      daysOff: [],
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  return id;
}

// The demo doctor's hours are changed to be open (or closed) now: on a server of their own.
test.describe("the doctor's day and the clinic's hours on a server of their own", () => {
  test.describe.configure({ mode: 'serial' });
  let server: OwnServer;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startOwnServer({ TZ: 'America/New_York' });
  });

  test.afterAll(async () => {
    await server.stop();
  });

  test("a doctor finds a patient from today's appointments, sees her high reading flagged, on a 360 px phone in both languages", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const doctor = await signedIn(browser, server.url, 'doctor@example.com', demoPassword);
    const firstName = uniqueFirstName('Flagged');
    const patient = await newPatient(browser, server.url, firstName);
    try {
      const doctorId = await demoDoctorWorks(doctor.page, [0, 1, 2, 3, 4, 5, 6]);
      const { user: me } = (await (await patient.page.request.get('/api/me')).json()) as {
        user: { id: string };
      };
      const reading = await patient.page.request.post(`/api/patients/${me.id}/vitals`, {
        data: { id: crypto.randomUUID(), systolic: 185, diastolic: 112 },
      });
      expect(reading.ok(), await reading.text()).toBe(true);
      const availability = (await (
        await patient.page.request.get(`/api/appointments/availability?doctorId=${doctorId}`)
      ).json()) as Availability;
      test.skip(availability.day !== clinicToday(), 'no slot is left in the clinic day');
      const booked = await patient.page.request.post('/api/appointments', {
        data: {
          id: crypto.randomUUID(),
          doctorId,
          startsAt: availability.slots[0]!.startsAt,
          reason: 'Headache',
        },
      });
      expect(booked.ok(), await booked.text()).toBe(true);
      const { id: appointmentId } = (await booked.json()) as { id: string };
      const checkedIn = await patient.page.request.post(
        `/api/appointments/${appointmentId}/check-in`,
      );
      expect(checkedIn.ok(), await checkedIn.text()).toBe(true);

      const { page } = doctor;
      await page.setViewportSize(phone);
      await page.goto('/queue');
      const day = page.getByRole('region', { name: "Today's appointments" });
      const dayRow = day.getByRole('link').filter({ hasText: firstName });
      await expect(dayRow).toContainText('High blood pressure');
      await expect(dayRow).toContainText('Checked in');
      const queueRow = page
        .getByRole('region', { name: 'Patients waiting' })
        .getByRole('listitem')
        .filter({ hasText: firstName });
      await expect(queueRow).toContainText('High blood pressure');
      await expect(queueRow).not.toContainText('Routine');
      await expect(queueRow.getByRole('button', { name: 'Start visit' })).toBeVisible();
      await expectFitsPhone(page);

      await inLanguage(page, 'ne');
      const nepaliDay = page.getByRole('region', { name: 'आजका अपोइन्टमेन्टहरू' });
      await expect(nepaliDay.getByRole('link').filter({ hasText: firstName })).toContainText(
        'उच्च रक्तचाप',
      );
      await expect(
        page
          .getByRole('region', { name: 'पर्खिरहेका बिरामीहरू' })
          .getByRole('listitem')
          .filter({ hasText: firstName }),
      ).toContainText('उच्च रक्तचाप');
      await expectFitsPhone(page);

      await inLanguage(page, 'en');
      await day.getByRole('link').filter({ hasText: firstName }).click();
      await expect(page).toHaveURL(new RegExp(`/chart/${me.id}$`));
      await expect(
        page.getByRole('heading', { level: 1, name: `${firstName} Gurung` }),
      ).toBeVisible();
    } finally {
      await doctor.context.close();
      await patient.context.close();
    }
  });

  test('outside every doctor’s hours, "Join Video Visit" says when a doctor is next in and offers booking or a message, not a wait', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const doctor = await signedIn(browser, server.url, 'doctor@example.com', demoPassword);
    const patient = await newPatient(browser, server.url, uniqueFirstName('Late'));
    try {
      // The only doctor with hours works every day but today.
      const today = clinicWeekday(clinicToday());
      await demoDoctorWorks(
        doctor.page,
        [0, 1, 2, 3, 4, 5, 6].filter((weekday) => weekday !== today),
      );
      const { page } = patient;
      await page.setViewportSize(phone);
      await page.goto('/');
      await expect(
        page.getByText(
          'No doctor works in the virtual clinic today. A doctor is next available tomorrow at 00:00.',
        ),
      ).toBeVisible();
      await page.getByRole('button', { name: 'Join Video Visit' }).click();
      await expect(page).toHaveURL(/\/visit\/[0-9a-f-]{36}$/);
      await expect(page.getByText('No doctor is on duty now')).toBeVisible();
      await expect(page.getByText('A doctor is next available tomorrow at 00:00.')).toBeVisible();
      await expect(page.getByText(/minutes? until a doctor sees you/)).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Book an appointment' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Message your care team' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Leave waiting room' })).toBeVisible();
      await expectFitsPhone(page);

      await inLanguage(page, 'ne');
      // The visit page loads again in Nepali: on a loaded machine it may take a while.
      await expect(page.getByText('अर्को डाक्टर भोलि ००:०० बजे उपलब्ध हुनुहुन्छ।')).toBeVisible({
        timeout: 30_000,
      });
      await expect(page.getByRole('link', { name: 'अपोइन्टमेन्ट बुक गर्नुहोस्' })).toBeVisible();
      await expectFitsPhone(page);
      await page.getByRole('link', { name: 'अपोइन्टमेन्ट बुक गर्नुहोस्' }).click();
      await expect(page).toHaveURL(/\/appointments\/book$/);
    } finally {
      await doctor.context.close();
      await patient.context.close();
    }
  });
});
