import { expect, type Page } from '@playwright/test';

/**
 * Waits until the service worker is active, which means its precache is complete, and
 * controls the page (the first visit's worker claims the page it was installed from), so
 * the app opens from here on without a connection.
 */
export async function offlineReady(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          const controlled = Boolean(navigator.serviceWorker.controller);
          return `${registration?.active?.state ?? 'none'}, controlled: ${controlled}`;
        }),
      { timeout: 30_000 },
    )
    .toBe('activated, controlled: true');
}
