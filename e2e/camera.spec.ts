import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createConfirmedAccount, password } from './support/accounts';

// Photos taken offline wait on the device beside the installed service worker, as on a phone.
test.use({ serviceWorkers: 'allow' });

interface Upload {
  id: string;
  contentType: string;
  byteSize: number;
  createdAt: string;
  url: string;
}

/** A new, confirmed account; the browser context is signed in as it. */
async function newPatient(request: APIRequestContext): Promise<string> {
  const email = await createConfirmedAccount(request, 'camera');
  await signIn(request, email);
  return email;
}

async function signIn(request: APIRequestContext, email: string) {
  const response = await request.post('/api/auth/sign-in/email', { data: { email, password } });
  expect(response.ok(), await response.text()).toBe(true);
}

async function myUploads(request: APIRequestContext): Promise<Upload[]> {
  const response = await request.get('/api/uploads');
  expect(response.status()).toBe(200);
  return (await response.json()) as Upload[];
}

/**
 * A new patient has no first name yet and is asked for one; the camera button is in
 * the navigation of every protected page, onboarding included.
 */
async function openCamera(page: Page) {
  await page.goto('/onboarding');
  await page.getByRole('button', { name: 'Camera' }).click();
  const sheet = page.getByRole('dialog', { name: 'Camera' });
  await expect(sheet).toBeVisible();
  return sheet;
}

/** Every camera stream the page opens, kept so the test can see how and whether it ended. */
async function recordCameraStreams(page: Page) {
  await page.addInitScript(() => {
    const devices = navigator.mediaDevices;
    const open = devices.getUserMedia.bind(devices);
    const opened: { constraints: MediaStreamConstraints; stream: MediaStream }[] = [];
    Object.assign(window, { openedStreams: opened });
    devices.getUserMedia = async (constraints) => {
      const stream = await open(constraints);
      opened.push({ constraints: constraints ?? {}, stream });
      return stream;
    };
  });
}

function streamStates(page: Page) {
  return page.evaluate(() => {
    const opened = (
      window as unknown as {
        openedStreams: { constraints: MediaStreamConstraints; stream: MediaStream }[];
      }
    ).openedStreams;
    return opened.map(({ constraints, stream }) => ({
      constraints,
      tracks: stream.getTracks().map((track) => `${track.kind}:${track.readyState}`),
    }));
  });
}

test('the camera sheet previews the front camera, takes a photo and stops the camera on close', async ({
  page,
}) => {
  await recordCameraStreams(page);
  await newPatient(page.request);
  const sheet = await openCamera(page);

  const preview = sheet.getByLabel('Camera preview');
  await expect
    .poll(() =>
      preview.evaluate(
        (video: HTMLVideoElement) => !video.paused && video.readyState >= 2 && video.videoWidth > 0,
      ),
    )
    .toBe(true);
  expect(await streamStates(page)).toEqual([
    { constraints: { video: { facingMode: 'user' }, audio: false }, tracks: ['video:live'] },
  ]);

  for (const [button, message] of [
    ['Video', 'Video recording is coming soon'],
    ['Audio', 'Audio recording is coming soon'],
    ['File', 'File attachment is coming soon'],
  ] as const) {
    await sheet.getByRole('button', { name: button, exact: true }).click();
    await expect(sheet.getByRole('status')).toHaveText(message);
  }

  await sheet.getByRole('button', { name: 'Photo', exact: true }).click();
  await expect(sheet.getByRole('status')).toHaveText('Photo captured (saved locally)');

  // Online, the photo goes straight to the server: a JPEG at the video's own size.
  await expect.poll(async () => (await myUploads(page.request)).length).toBe(1);
  const [upload] = await myUploads(page.request);
  expect(upload!.contentType).toBe('image/jpeg');
  const sizes = await page.evaluate(async (url) => {
    const video = document.querySelector('video')!;
    const image = await createImageBitmap(await (await fetch(url)).blob());
    return { video: [video.videoWidth, video.videoHeight], photo: [image.width, image.height] };
  }, upload!.url);
  expect(sizes.photo).toEqual(sizes.video);

  await sheet.getByRole('button', { name: 'Close camera' }).click();
  await expect(sheet).toBeHidden();
  expect((await streamStates(page)).flatMap((stream) => stream.tracks)).toEqual(['video:ended']);
});

test('without a camera the preview is a gradient and Photo and Video are disabled', async ({
  page,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'mediaDevices', { get: () => undefined });
  });
  await newPatient(page.request);
  const sheet = await openCamera(page);
  await expect(sheet.getByTestId('camera-fallback')).toBeVisible();
  await expect(sheet.getByLabel('Camera preview')).toHaveCount(0);
  await expect(sheet.getByRole('button', { name: 'Photo', exact: true })).toBeDisabled();
  await expect(sheet.getByRole('button', { name: 'Video', exact: true })).toBeDisabled();
  await sheet.getByRole('button', { name: 'Audio', exact: true }).click();
  await expect(sheet.getByRole('status')).toHaveText('Audio recording is coming soon');
});

test('a camera that has not started yet is not ready for a photo', async ({ page }) => {
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => new Promise<MediaStream>(() => undefined);
  });
  await newPatient(page.request);
  const sheet = await openCamera(page);
  await sheet.getByRole('button', { name: 'Photo', exact: true }).click();
  await expect(sheet.getByRole('status')).toHaveText('Camera not ready');
});

test('once the app has loaded, the camera opens for the first time without a connection', async ({
  page,
  context,
}) => {
  await newPatient(page.request);
  const cameraCode = page.waitForResponse((response) =>
    /\/camera-sheet-[^/]*\.js$/.test(response.url()),
  );
  await page.goto('/onboarding');
  // The sheet's chunk has arrived; the app has loaded it once the chunks it imports are in too.
  const chunk = await cameraCode;
  const imported = [...(await chunk.text()).matchAll(/from"\.\/([^"]+\.js)"/g)].map(
    ([, file]) => `/assets/${file}`,
  );
  await page.waitForFunction(
    (files) =>
      files.every((file) =>
        performance.getEntriesByType('resource').some((entry) => entry.name.endsWith(file)),
      ),
    imported,
  );

  await context.setOffline(true);
  await expect(page.getByText('Connection lost. Retrying...')).toBeVisible();
  await page.getByRole('button', { name: 'Camera' }).click();
  await expect(page.getByRole('dialog', { name: 'Camera' })).toBeVisible();
});

test('a photo taken offline waits on the device, survives a reload and reaches the server once online', async ({
  page,
  context,
}) => {
  await newPatient(page.request);
  const sheet = await openCamera(page);
  await expect
    .poll(() =>
      sheet.getByLabel('Camera preview').evaluate((video: HTMLVideoElement) => video.readyState),
    )
    .toBeGreaterThanOrEqual(2);

  await context.setOffline(true);
  await expect(page.getByText('Connection lost. Retrying...')).toBeVisible();
  await sheet.getByRole('button', { name: 'Photo', exact: true }).click();
  await expect(sheet.getByRole('status')).toHaveText('Photo captured (saved locally)');
  await sheet.getByRole('button', { name: 'Close camera' }).click();
  const waiting = page.getByText('1 upload waiting', { exact: true });
  await expect(waiting).toBeVisible();

  // Back online, but the server cannot be reached yet: the photo stays, through a reload.
  await page.route('**/api/uploads/*', (route) =>
    route.request().method() === 'PUT' ? route.abort('connectionrefused') : route.fallback(),
  );
  await context.setOffline(false);
  await page.reload();
  await expect(waiting).toBeVisible();
  expect(await myUploads(page.request)).toEqual([]);

  // Once the server answers, the next attempt delivers it and the device lets it go.
  await page.unroute('**/api/uploads/*');
  await expect
    .poll(async () => (await myUploads(page.request)).length, { timeout: 20_000 })
    .toBe(1);
  await expect(waiting).toBeHidden();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Camera' })).toBeVisible();
  await expect(page.getByText(/uploads? waiting/)).toHaveCount(0);

  const [upload] = await myUploads(page.request);
  const photo = await page.request.get(upload!.url);
  expect(photo.headers()['content-type']).toBe('image/jpeg');
  expect((await photo.body()).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

  // The patient finds it under Health → Docs, loaded from the server.
  await page.goto('/health');
  await page.getByRole('tab', { name: 'Docs 1' }).click();
  const thumbnail = page
    .getByRole('list', { name: 'Documents' })
    .getByRole('img', { name: /^Photo from / });
  await expect(thumbnail).toHaveCount(1);
  await expect
    .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
});

test('a photo waiting for one account is never sent under another account’s session, and leaves the phone with that account', async ({
  page,
  context,
}) => {
  const first = await newPatient(page.request);
  const sheet = await openCamera(page);
  await expect
    .poll(() =>
      sheet.getByLabel('Camera preview').evaluate((video: HTMLVideoElement) => video.readyState),
    )
    .toBeGreaterThanOrEqual(2);
  await context.setOffline(true);
  await sheet.getByRole('button', { name: 'Photo', exact: true }).click();
  await expect(sheet.getByRole('status')).toHaveText('Photo captured (saved locally)');
  await sheet.getByRole('button', { name: 'Close camera' }).click();
  await expect(page.getByText('1 upload waiting', { exact: true })).toBeVisible();

  // Someone else signs in on this browser while the page still shows the first patient.
  await page.request.post('/api/auth/sign-out', { data: {} });
  const second = await newPatient(page.request);
  expect(second).not.toBe(first);
  await context.setOffline(false);
  await page.waitForTimeout(1500);
  expect(await myUploads(page.request)).toEqual([]);

  // The second patient's app does not see or send the first one's photo.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Camera' })).toBeVisible();
  await expect(page.getByText(/uploads? waiting/)).toHaveCount(0);
  expect(await myUploads(page.request)).toEqual([]);

  // Another account signing in erased the first one's waiting work from this phone: back as
  // the first patient, nothing is left to send.
  await page.request.post('/api/auth/sign-out', { data: {} });
  await signIn(page.request, first);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Camera' })).toBeVisible();
  await page.waitForTimeout(1500);
  await expect(page.getByText(/uploads? waiting/)).toHaveCount(0);
  expect(await myUploads(page.request)).toEqual([]);
});
