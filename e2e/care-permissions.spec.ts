import { expect, test, type Browser, type Page } from '@playwright/test';
import { linkIn, mailTo, password, uniqueEmail } from './support/accounts';
import { caringFor } from './support/care-circle';
import { newPatient, signedIn, uniqueFirstName } from './support/visit-people';

// Two people, several page loads each, on a small shared machine.
test.setTimeout(150_000);

type Permission = 'record' | 'message' | 'visits';

const granted: Record<Permission, string> = {
  record: 'See my health record',
  message: 'Message my care team for me',
  visits: 'Book and join visits for me',
};

/**
 * A new patient, `name` Gurung, invites Hari with one permission; he signs up through the link
 * and confirms his address, which accepts it; signed in, he chooses to care for her.
 */
async function caregiverWith(browser: Browser, baseURL: string, permission: Permission) {
  const name = uniqueFirstName('Sita');
  const patient = await newPatient(browser, baseURL, name);
  const hariEmail = uniqueEmail(`hari-${permission}`);
  const invited = await patient.page.request.post('/api/care-circle/invitations', {
    data: {
      email: hariEmail,
      relationship: 'son',
      permissions: { record: false, message: false, visits: false, [permission]: true },
    },
  });
  expect(invited.ok(), await invited.text()).toBe(true);
  const link = linkIn(await mailTo(patient.page.request, hariEmail, /care circle/i));
  const token = link.split('/care-invitation/')[1]!;
  const signUp = await patient.page.request.post('/api/auth/sign-up/email', {
    headers: { 'x-forwarded-for': '198.18.200.9' },
    data: { email: hariEmail, password, name: '', inviteCode: token },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const confirmation = linkIn(await mailTo(patient.page.request, hariEmail, /confirm/i));
  expect((await patient.page.request.get(confirmation)).ok()).toBe(true);

  const hari = await signedIn(browser, baseURL, hariEmail, password);
  const saved = await hari.page.request.put('/api/profile', {
    data: { first_name: 'Hari', last_name: 'Sharma', age: 40, date_system: 'ad' },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await hari.page.goto('/');
  await caringFor(hari.page).selectOption({ label: `${name} Gurung` });
  await expect(hari.page.getByText(`${name} Gurung's record`)).toBeVisible();
  return { patient, hari, patientName: `${name} Gurung` };
}

/** Nothing on the screen says a press failed or waits on the device for ever. */
async function expectNothingRefused(page: Page) {
  await expect(page.getByText(/Not sent|not sent yet|could not be found/i)).toHaveCount(0);
}

for (const permission of Object.keys(granted) as Permission[]) {
  test(`a caregiver granted only "${granted[permission]}" is offered nothing that fails for lack of permission`, async ({
    browser,
    baseURL,
  }) => {
    const { patient, hari, patientName } = await caregiverWith(browser, baseURL!, permission);
    const page = hari.page;
    const notShared = `${patientName} has not shared this with you.`;

    // The home greets him, and offers only what she granted.
    await page.goto('/');
    await expect(page.getByText(`Hari, caring for ${patientName}`)).toBeVisible();
    await expect(page.getByText(/Welcome/)).toHaveCount(0);
    const offered = (name: string) => page.getByRole('link', { name, exact: true });
    await expect(offered('Schedule')).toHaveCount(permission === 'visits' ? 2 : 0);
    await expect(page.getByRole('button', { name: 'Join Video Visit' })).toHaveCount(
      permission === 'visits' ? 1 : 0,
    );
    // The quick action, and the latest-conversation card's way in while there is none.
    await expect(offered('Message clinic')).toHaveCount(permission === 'message' ? 2 : 0);
    // Adding to her record is hers (or a guardian's): no caregiver is offered it.
    await expect(offered('Record vitals')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Taken' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Share access' })).toHaveCount(0);
    // What she did not share says so, never that there is nothing.
    await expect(page.getByText(notShared)).toHaveCount(permission === 'record' ? 2 : 3);
    await expect(page.getByText('No appointment booked.')).toHaveCount(
      permission === 'visits' ? 1 : 0,
    );

    // The same in Nepali, on the 360 px phone, with nothing wider than the screen.
    await page.getByRole('button', { name: 'ने' }).click();
    await expect(page.getByText(`Hari, ${patientName}को हेरचाह गर्दै`)).toBeVisible();
    await expect(page.getByText(`${patientName} ले यो तपाईंसँग बाँडनुभएको छैन।`).first()).toBeVisible();
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      ),
    ).toBe(true);
    await page.getByRole('button', { name: 'EN' }).click();
    await expect(page.getByText(`Hari, caring for ${patientName}`)).toBeVisible();

    // The camera adds to her record: it says it was not shared.
    await page.getByRole('button', { name: 'Camera' }).click();
    await expect(page.getByRole('dialog').getByText(notShared)).toBeVisible();
    await page.keyboard.press('Escape');

    // Health: her record, or plainly not shared.
    await page.getByRole('link', { name: 'Health' }).click();
    await expect(page).toHaveURL(/\/health$/);
    if (permission === 'record') {
      await expect(page.getByRole('tab', { name: /Vitals/ })).toBeVisible();
      await expect(page.getByText(notShared)).toHaveCount(0);
    } else {
      await expect(page.getByText(notShared)).toBeVisible();
    }

    // Booking and the waiting room.
    if (permission === 'visits') {
      await page.goto('/');
      await offered('Schedule').first().click();
      await expect(page.getByRole('heading', { name: 'Book an appointment' })).toBeVisible();
      await expect(page.getByText(notShared)).toHaveCount(0);
      await page.goto('/');
      await page.getByRole('button', { name: 'Join Video Visit' }).click();
      await expect(page.getByRole('button', { name: 'Leave waiting room' })).toBeVisible();
      await expectNothingRefused(page);
      await page.getByRole('button', { name: 'Leave waiting room' }).click();
    } else {
      await page.goto('/appointments/book');
      await expect(page.getByText(notShared)).toBeVisible();
    }

    // Messages.
    await page.goto('/');
    if (permission === 'message') {
      await offered('Message clinic').first().click();
      await page.getByRole('button', { name: 'New message' }).click();
      await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('textbox', { name: 'Type a message' })).toBeVisible();
    } else {
      await page.goto('/messages');
      await expect(page.getByText(notShared)).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Type a message' })).toHaveCount(0);
    }

    await page.goto('/');
    await expect(page.getByText(`Hari, caring for ${patientName}`)).toBeVisible();
    await expectNothingRefused(page);

    // She removes him while his home is open: he is told, not switched back silently.
    if (permission === 'record') {
      const circle = await patient.page.request.get('/api/care-circle');
      const [grant] = ((await circle.json()) as { caregivers: { id: string }[] }).caregivers;
      const removed = await patient.page.request.delete(`/api/care-circle/caregivers/${grant!.id}`);
      expect(removed.ok(), await removed.text()).toBe(true);
      await expect(
        page.getByText(`You no longer have access to ${patientName}'s record`, { exact: false }),
      ).toBeVisible({ timeout: 20_000 });
      await expect(caringFor(page)).toHaveCount(0);
      await expect(page.getByText(/^Welcome, Hari/)).toBeVisible();
    }

    await hari.context.close();
    await patient.context.close();
  });
}
