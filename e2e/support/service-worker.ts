import { expect, type Page } from '@playwright/test';

/**
 * Waits until the service worker is active, which means its precache is complete, and
 * controls the page (the first visit's worker claims the page it was installed from), so
 * the app opens from here on without a connection.
 *
 * The worker claims the pages that run when it activates; a page whose load was under way
 * then (a `page.goto` while an earlier page's worker installed) is passed over and stays
 * without a worker until its next load, as the Service Worker spec has it. So a test comes
 * here on the page that registered the worker, with no full load of another page since.
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
