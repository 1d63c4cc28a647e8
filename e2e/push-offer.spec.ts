import { expect, test } from '@playwright/test';
import { createConfirmedAccount, password } from './support/accounts';

// Notifications allowed for the site and the app's worker running, so the switch is there to
// press; the browser's own asking and subscribing are counted (this Chromium has no push
// service to subscribe with).
test.use({ permissions: ['notifications'], serviceWorkers: 'allow' });

test('push is asked for only when the person turns it on, never as a page opens', async ({
  page,
  request,
}) => {
  await page.addInitScript(() => {
    const asks: string[] = [];
    Object.assign(window, { pushAsks: asks });
    const requestPermission = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = () => {
      asks.push('permission');
      return requestPermission();
    };
    PushManager.prototype.subscribe = () => {
      asks.push('subscribe');
      return Promise.reject(new DOMException('No push service here', 'AbortError'));
    };
  });
  const asked = () => page.evaluate(() => (window as unknown as { pushAsks: string[] }).pushAsks);

  const email = await createConfirmedAccount(request, 'push-offer');
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The app's worker is up once the first screen is: nothing has been asked by then.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  expect(await asked()).toEqual([]);

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Notifications' }).click();
  const push = page
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('switch', { name: 'Push notifications' });
  await expect(push).toBeEnabled();
  await expect(push).not.toBeChecked();
  expect(await asked()).toEqual([]);

  await push.click();
  await expect.poll(asked).toEqual(['permission', 'subscribe']);
  // No subscription was made, so the switch does not claim one.
  await expect(push).not.toBeChecked();
});
