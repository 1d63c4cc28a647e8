import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createConfirmedAccount, demoPassword, password } from './support/accounts';
import { chromiumArgs, chromiumPath } from './support/chromium';

/**
 * A phone without a Devanagari font: this file's browser sees the machine's fonts minus every
 * one that covers Hindi or Nepali, so Devanagari can only come from the font the app ships.
 */
function fontsWithoutDevanagari(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sewa-fonts-'));
  const file = path.join(dir, 'fonts.conf');
  writeFileSync(
    file,
    `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <selectfont>
    <rejectfont>
      <pattern><patelt name="lang"><string>hi</string></patelt></pattern>
      <pattern><patelt name="lang"><string>ne</string></patelt></pattern>
    </rejectfont>
  </selectfont>
</fontconfig>
`,
  );
  return file;
}

test.use({
  launchOptions: {
    executablePath: chromiumPath,
    args: chromiumArgs,
    env: { ...process.env, FONTCONFIG_FILE: fontsWithoutDevanagari() },
  },
});

interface PlatformFont {
  familyName: string;
  isCustomFont: boolean;
  glyphCount: number;
}

/**
 * The fonts the browser really drew an element's own text with, and how many glyphs each. The
 * element is marked on each reading, so one drawn anew since the last is the one read.
 */
async function fontsDrawing(page: Page, element: Locator): Promise<PlatformFont[]> {
  const selector = '[data-probe="font"]';
  await element.evaluate((found) => found.setAttribute('data-probe', 'font'));
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument');
    await cdp.send('CSS.enable');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts;
  } finally {
    await cdp.detach();
  }
}

/** Every Devanagari glyph comes from the app's own Noto; the phone's fonts draw only the rest. */
async function expectDevanagariFromTheApp(page: Page, element: Locator, otherCharacters = 0) {
  await expect
    .poll(async () => {
      const fonts = await fontsDrawing(page, element);
      const fromPhone = fonts
        .filter((font) => !font.isCustomFont)
        .reduce((sum, font) => sum + font.glyphCount, 0);
      const fromApp = fonts.filter(
        (font) => font.isCustomFont && font.familyName.startsWith('Noto Sans Devanagari'),
      );
      return { usesTheAppsFont: fromApp.length > 0, fromPhone };
    })
    .toEqual({ usesTheAppsFont: true, fromPhone: otherCharacters });
}

test('in English the ने of the language toggle is drawn with the Devanagari font', async ({
  page,
}) => {
  await page.goto('/login');
  const toggle = page.getByRole('button', { name: 'ने' });
  await expect(toggle).toBeVisible();
  await expectDevanagariFromTheApp(page, toggle);
});

test("in English a doctor's Nepali answer in the patient's conversation is readable", async ({
  page,
  request,
  browser,
}) => {
  const email = await createConfirmedAccount(request, 'devanagari');
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const started = await page.request.post('/api/messaging/care-team');
  expect(started.ok(), await started.text()).toBe(true);
  const { conversation } = (await started.json()) as { conversation: { id: string } };

  const doctor = await browser.newContext();
  const doctorSignIn = await doctor.request.post('/api/auth/sign-in/email', {
    data: { email: 'doctor@example.com', password: demoPassword },
  });
  expect(doctorSignIn.ok(), await doctorSignIn.text()).toBe(true);
  const answer = 'भोलि बिहान क्लिनिक आउनुहोस्';
  const sent = await doctor.request.post(
    `/api/messaging/conversations/${conversation.id}/messages`,
    {
      data: { id: crypto.randomUUID(), content: answer },
    },
  );
  expect(sent.ok(), await sent.text()).toBe(true);
  await doctor.close();

  await page.goto(`/messages/${conversation.id}`);
  const bubble = page.getByRole('region', { name: 'Messages' }).getByText(answer, { exact: true });
  await expect(bubble).toBeVisible();
  // The three spaces are the phone's.
  await expectDevanagariFromTheApp(page, bubble, 3);
});
