import { expect, test, type Browser, type Page } from '@playwright/test';
import { demoPassword, linkIn, mailTo, password, uniqueEmail } from './support/accounts';
import { caringFor, guardianOfNewDaughter } from './support/care-circle';
import { bubble, send } from './support/conversation';
import { demoDoctor, newPatient, signedIn, uniqueFirstName } from './support/visit-people';

// Several people, several page loads each, on a small shared machine.
test.setTimeout(150_000);

/** The patient invites `email` from her care circle, reached from the home's "Share access". */
async function invite(page: Page, email: string, permission: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Share access' }).click();
  await expect(page.getByRole('heading', { name: 'Care circle', level: 1 })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Relationship').selectOption({ label: 'Son' });
  await page.getByRole('checkbox', { name: permission }).check();
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation sent')).toBeVisible();
}

/** A new person with an account of their own, named, signed in on a page of their own. */
async function caregiverPage(browser: Browser, baseURL: string, email: string) {
  const person = await signedIn(browser, baseURL, email, password);
  const saved = await person.page.request.put('/api/profile', {
    data: { first_name: 'Hari', last_name: 'Sharma', age: 40, date_system: 'ad' },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  return person;
}

test('an invited son signs up through the link, reads her record, cannot write for her, and loses it all when she removes him', async ({
  browser,
  baseURL,
}) => {
  const sita = await signedIn(browser, baseURL!, 'patient@example.com', demoPassword);
  const hariEmail = uniqueEmail('hari');
  await invite(sita.page, hariEmail, 'See my health record');

  // The mailed link, opened signed out: who invites, and a way in.
  const link = linkIn(await mailTo(sita.page.request, hariEmail, /care circle/i));
  const visitor = await browser.newContext({ baseURL });
  const page = await visitor.newPage();
  await page.goto(link);
  await expect(page.getByText('Sita Sharma invites you to their care circle')).toBeVisible();
  await page.getByRole('link', { name: 'Create an account' }).click();
  // The form says what it is, not a 52-character code.
  await expect(page.getByText(/Sita Sharma invited you to their care circle/)).toBeVisible();
  await expect(page.getByLabel('Invitation code')).toHaveCount(0);
  await expect(page.getByLabel('Email')).toHaveValue(hariEmail);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Check your email to confirm your account.')).toBeVisible();
  const confirmation = linkIn(await mailTo(page.request, hariEmail, /confirm/i));
  expect((await page.request.get(confirmation)).ok()).toBe(true);
  await visitor.close();

  // Confirmed, he cares for her: the link need not be opened again.
  const hari = await caregiverPage(browser, baseURL!, hariEmail);
  await hari.page.goto('/');
  await expect(caringFor(hari.page)).toBeVisible();
  await caringFor(hari.page).selectOption({ label: 'Sita Sharma' });
  await expect(hari.page.getByText("Sita Sharma's record")).toBeVisible();

  // Her home greets him; her medicines are there, but "Taken" is hers to press.
  await expect(hari.page.getByText('Hari, caring for Sita Sharma')).toBeVisible();
  const doses = hari.page.getByRole('region', { name: 'Medications due' });
  await expect(doses.getByText(/Amlodipine/).first()).toBeVisible();
  await expect(doses.getByRole('button', { name: 'Taken' })).toHaveCount(0);
  await expect(hari.page.getByRole('button', { name: 'Join Video Visit' })).toHaveCount(0);
  await expect(
    hari.page
      .getByRole('region', { name: 'Next appointment' })
      .getByText('Sita Sharma has not shared this with you.'),
  ).toBeVisible();

  // Her record: the readings and medicines she has, not his.
  await hari.page.goto('/health');
  await expect(hari.page.getByText("Sita Sharma's record")).toBeVisible();
  await expect(hari.page.getByText('72', { exact: false }).first()).toBeVisible();
  await hari.page.getByRole('tab', { name: /Meds/ }).click();
  await expect(hari.page.getByText('Amlodipine 5 mg').first()).toBeVisible();

  // Messages were not shared with him: nothing to write with.
  await hari.page.goto('/messages');
  await expect(hari.page.getByText('Sita Sharma has not shared this with you.')).toBeVisible();
  await expect(hari.page.getByRole('textbox', { name: 'Type a message' })).toHaveCount(0);

  // He has her record on his phone and goes offline; she removes him meanwhile.
  await hari.page.goto('/health');
  await hari.page.getByRole('tab', { name: /Meds/ }).click();
  await expect(hari.page.getByText('Amlodipine 5 mg').first()).toBeVisible();
  await hari.context.setOffline(true);

  await sita.page.goto('/care-circle');
  const row = sita.page.getByRole('listitem').filter({ hasText: hariEmail });
  await row.getByRole('button', { name: 'Remove access' }).click();
  // One tap asks first, as cancelling an appointment does.
  const question = sita.page.getByRole('dialog', { name: /Remove Hari Sharma's access\?/ });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Remove access' }).click();
  await expect(sita.page.getByText('Access removed')).toBeVisible();
  await expect(sita.page.getByText(hariEmail)).toHaveCount(0);

  // Back online, his next screen has none of hers, and the phone says why.
  await hari.context.setOffline(false);
  await expect(
    hari.page.getByText(/You no longer have access to Sita Sharma's record/),
  ).toBeVisible();
  await expect(hari.page.getByText('Amlodipine 5 mg')).toHaveCount(0);
  await expect(hari.page.getByText("Sita Sharma's record")).toHaveCount(0);
  await expect(caringFor(hari.page)).toHaveCount(0);
  await hari.page.goto('/health');
  await hari.page.getByRole('tab', { name: /Meds/ }).click();
  await expect(hari.page.getByText('Amlodipine 5 mg')).toHaveCount(0);

  await hari.context.close();
  await sita.context.close();
});

test('a caregiver allowed to message her care team writes for her, and the doctor reads who wrote it', async ({
  browser,
  baseURL,
}) => {
  const name = uniqueFirstName('Sita');
  const patient = await newPatient(browser, baseURL!, name);
  const hariEmail = uniqueEmail('hari-messages');
  await invite(patient.page, hariEmail, 'Message my care team for me');
  const link = linkIn(await mailTo(patient.page.request, hariEmail, /care circle/i));
  const token = link.split('/care-invitation/')[1]!;
  const signUp = await patient.page.request.post('/api/auth/sign-up/email', {
    headers: { 'x-forwarded-for': '198.18.200.7' },
    data: { email: hariEmail, password, name: '', inviteCode: token },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const confirmation = linkIn(await mailTo(patient.page.request, hariEmail, /confirm/i));
  expect((await patient.page.request.get(confirmation)).ok()).toBe(true);

  const hari = await caregiverPage(browser, baseURL!, hariEmail);
  await hari.page.goto('/');
  await caringFor(hari.page).selectOption({ label: `${name} Gurung` });
  await hari.page.goto('/messages');
  await hari.page.getByRole('button', { name: 'New message' }).click();
  await expect(hari.page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  const conversation = hari.page.url().split('/').pop()!;
  const text = `Her fever is back ${Date.now()}`;
  await send(hari.page, text);
  await expect(bubble(hari.page, text)).toBeVisible();

  const doctor = await demoDoctor(browser, baseURL!);
  await doctor.page.goto(`/messages/${conversation}`);
  const item = doctor.page
    .getByRole('region', { name: 'Messages' })
    .getByRole('listitem')
    .filter({ has: doctor.page.getByText(text, { exact: true }) });
  await expect(item.getByText(`Hari Sharma for ${name} Gurung`)).toBeVisible();

  await doctor.context.close();
  await hari.context.close();
  await patient.context.close();
});

test("a guardian adds her child, books a visit for her, and the doctor's queue shows the child with her", async ({
  browser,
  baseURL,
}) => {
  const { mother, child } = await guardianOfNewDaughter(browser, baseURL!, '6');
  const page = mother.page;
  // A video visit for her now: into the waiting room from her home.
  await page.goto('/');
  await page.getByRole('button', { name: 'Join Video Visit' }).click();
  await expect(page.getByRole('button', { name: 'Leave waiting room' })).toBeVisible();
  await expect(page.getByText(`${child} Gurung's record`)).toBeVisible();

  const doctor = await demoDoctor(browser, baseURL!);
  await doctor.page.goto('/queue');
  const row = doctor.page.getByRole('listitem').filter({ hasText: `${child} Gurung` });
  await expect(row).toBeVisible();
  await expect(row.getByText(/With Asha\w* Gurung/)).toBeVisible();

  // She takes her daughter out of the waiting room: the demo doctor's queue is left as found.
  await page.getByRole('button', { name: 'Leave waiting room' }).click();
  await expect(row).toHaveCount(0);

  await doctor.context.close();
  await mother.context.close();
});
