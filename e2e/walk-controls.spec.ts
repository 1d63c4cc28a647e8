import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
import {
  chooseLanguage,
  demoIds,
  openSettled,
  pagesOf,
  settled,
  walkerContext,
  type WalkIds,
  walkers,
} from './support/walk';

/**
 * Issue 36, point 3 (the test): no inert control anywhere. Every button and link of every
 * page of every role is pressed, and each must do something a person can see or the server
 * hears: change the address, change the page (a dialog, a menu, a form, a message), move the
 * focus, send a request, open a window or start a download. Controls that would change the
 * shared demo accounts for good (or end the session) are not pressed; they must still be
 * wired: a link with a real target, a submit button of a form, or a button with a handler.
 *
 * Tabs are pressed too. What a press opens over the page (a dialog, a sheet, a menu) or shows
 * in it (a tab's panel, a form, a confirmation) has its own controls pressed as well, opened
 * again by the same press whenever a press closed it. Pressing the choice already made (a mode
 * marked pressed, the tab shown) may leave things as they are.
 *
 * Each page of each walker is a test of its own, so the walks share the workers; the shell's
 * controls (the navigation, the banners, the footer) are pressed on the walker's first page.
 */

/** Controls pressed nowhere, by accessible name, each with why. */
const notPressed: { name: RegExp; why: string }[] = [
  { name: /^(Sign out|Log out|Forget this device)$/, why: 'ends the walk’s session' },
  {
    name: /^Sign out everywhere else$/,
    why: 'ends the demo account’s other sessions, other tests’ among them',
  },
  { name: /^(EN|ने)$/, why: 'changes the language the rest of the walk reads' },
  { name: /^Taken$/, why: 'marks a dose of the demo patient taken for good' },
  { name: /^New message$/, why: 'starts the demo patient’s care-team conversation for good' },
  {
    name: /^Save\b|^Reset\b|^Delete\b|^Remove\b|^Deactivate\b|^Confirm stop$/,
    why: 'changes a demo account (a medicine stopped, say) for good',
  },
  {
    name: /^(Start visit|Check in|Join Video Visit|Cancel appointment|Book appointment)$/,
    why: 'books or moves a visit',
  },
  { name: /^Send to DHIS2$|^Send$/, why: 'sends for good' },
];

/** A button or link of the page as the walk finds it. */
interface Control {
  /** Its place in the page's order, held in its `data-walk` attribute. */
  index: number;
  role: 'button' | 'link' | 'tab';
  name: string;
  /** Its place among the page's controls of the same role and name. */
  nth: number;
  href: string | null;
  /** Outside the page's own content (`main`): the shell's navigation, banners or footer. */
  shell: boolean;
  /** The navigation's tab of the page one is on (`aria-current`). */
  current: boolean;
  /** A choice already made (`aria-pressed`, `aria-selected` or `aria-checked` true). */
  chosen: boolean;
  /** It says it opens a dialog, menu or list (`aria-haspopup`). */
  opens: boolean;
}

const keyOf = (control: Control) => `${control.role} "${control.name}" #${control.nth}`;

/**
 * The page's visible, enabled buttons and links in document order (or those of the last
 * element `within` matches: the layer open on top), each marked with its index in `data-walk`,
 * named as a screen reader names it (its label, else its text).
 */
function controlsOf(page: Page, within?: string): Promise<Control[]> {
  return page.evaluate((within) => {
    for (const marked of document.querySelectorAll('[data-walk]')) {
      marked.removeAttribute('data-walk');
    }
    const root = (within && [...document.querySelectorAll(within)].at(-1)) || document;
    const textOf = (id: string) => document.getElementById(id)?.innerText ?? '';
    const found: Control[] = [];
    const seen = new Map<string, number>();
    const candidates = root.querySelectorAll<HTMLElement>(
      'button, a[href], [role="button"], [role="link"], [role="tab"], input[type="button"], input[type="submit"]',
    );
    for (const element of candidates) {
      const explicit = element.getAttribute('role');
      // A switch, a menu item, a radio: not a button, a link or a tab.
      if (explicit !== null && !['button', 'link', 'tab'].includes(explicit)) continue;
      const role = (explicit ?? (element.tagName === 'A' ? 'link' : 'button')) as Control['role'];
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      if (element.closest('[aria-hidden="true"], [inert]')) continue;
      if (element.matches(':disabled') || element.getAttribute('aria-disabled') === 'true') {
        continue;
      }
      const labelledBy = element.getAttribute('aria-labelledby');
      const name = (
        element.getAttribute('aria-label') ??
        (labelledBy ? labelledBy.split(/\s+/).map(textOf).join(' ') : null) ??
        (element.innerText ||
          element.getAttribute('title') ||
          (element instanceof HTMLInputElement ? element.value : '') ||
          (element.querySelector('img')?.alt ?? ''))
      )
        .replace(/\s+/g, ' ')
        .trim();
      const nth = seen.get(`${role}:${name}`) ?? 0;
      seen.set(`${role}:${name}`, nth + 1);
      element.setAttribute('data-walk', String(found.length));
      found.push({
        index: found.length,
        role,
        name,
        nth,
        href: element.getAttribute('href'),
        shell: element.closest('main') === null,
        current: element.hasAttribute('aria-current'),
        chosen: ['aria-pressed', 'aria-selected', 'aria-checked'].some(
          (state) => element.getAttribute(state) === 'true',
        ),
        opens: (element.getAttribute('aria-haspopup') ?? 'false') !== 'false',
      });
    }
    return found;
  }, within);
}

const marked = (page: Page, index: number): Locator => page.locator(`[data-walk="${index}"]`);

/**
 * Whether a control not pressed is wired: a link with a real target (a number to call, an
 * address to mail, a page), a submit button of a form, or a button with a handler.
 */
async function wired(control: Locator): Promise<boolean> {
  return control.evaluate(
    (element) => {
      if (element instanceof HTMLAnchorElement) {
        const href = element.getAttribute('href') ?? '';
        if (href.startsWith('tel:')) return /^tel:\+?[0-9]{3,}$/.test(href);
        if (href.startsWith('mailto:')) return /^mailto:[^@\s]+@[^@\s]+$/.test(href);
        return href !== '' && href !== '#' && !href.startsWith('javascript:');
      }
      if (element instanceof HTMLButtonElement && element.type === 'submit' && element.form) {
        return true;
      }
      const propsKey = Object.keys(element).find((key) => key.startsWith('__reactProps$'));
      const props = propsKey
        ? ((element as unknown as Record<string, Record<string, unknown>>)[propsKey] ?? {})
        : {};
      return ['onClick', 'onPointerDown', 'onMouseDown', 'onKeyDown'].some(
        (handler) => typeof props[handler] === 'function',
      );
    },
    undefined,
    { timeout: 2_000 },
  );
}

/**
 * Counts every change of the page's markup (but the walk's own marks) from the moment a page
 * starts, and when the last one was, so the walk sees what a press changed without comparing
 * whole pages.
 */
function watchMutations() {
  const watch = { mutations: 0, last: 0 };
  (window as unknown as { walkWatch: typeof watch }).walkWatch = watch;
  new MutationObserver((records) => {
    if (records.every((record) => record.attributeName === 'data-walk')) return;
    watch.mutations += 1;
    watch.last = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

interface Seen {
  url: string;
  mutations: number;
  quietFor: number;
  focused: string | null;
}

const seenOn = (page: Page): Promise<Seen> =>
  page.evaluate(() => {
    const watch = (window as unknown as { walkWatch?: { mutations: number; last: number } })
      .walkWatch ?? { mutations: 0, last: 0 };
    const focused = document.activeElement;
    return {
      url: location.href,
      mutations: watch.mutations,
      quietFor: performance.now() - watch.last,
      focused:
        focused && focused !== document.body
          ? focused.hasAttribute('data-walk')
            ? `walk:${focused.getAttribute('data-walk')}`
            : `${focused.tagName}#${focused.id}:${focused.textContent.slice(0, 40)}`
          : null,
    };
  });

/**
 * Whether a control found now is the one planned: by role, name and place among namesakes, or
 * (a name holding a count that moved, such as a day's free slots) by role and place.
 */
const sameControl = (planned: Control, found: Control) =>
  keyOf(found) === keyOf(planned) ||
  (found.index === planned.index &&
    found.role === planned.role &&
    found.name.replace(/\d+/g, '#') === planned.name.replace(/\d+/g, '#'));

/** What opens over the page: a dialog or sheet, a menu, a list to choose from. */
const openLayers =
  'dialog[open], [role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';

/**
 * Waits until the page has stopped changing (no markup changed and no request started for a
 * quarter of a second), at most `longest` milliseconds, and answers what it then is.
 */
async function stillness(page: Page, activity: Activity, longest: number): Promise<Seen> {
  let seen = await seenOn(page);
  for (const deadline = Date.now() + longest; Date.now() < deadline;) {
    const quiet = performance.now() - activity.lastRequest > 250 && activity.waiting === 0;
    if (seen.quietFor > 250 && quiet) break;
    await page.waitForTimeout(100);
    seen = await seenOn(page);
  }
  return seen;
}

/** What the page did that the walk hears of outside it. */
interface Activity {
  requests: number;
  lastRequest: number;
  /** Requests sent and not yet answered (a screen's code on its way), streams aside. */
  waiting: number;
  events: number;
}

/**
 * The walk of one page of one walker: what it found inert, and what it left unpressed
 * without a wire. The controls are those of the page as it opens; each is found again before
 * it is pressed, in the page as the presses before left it, or else in the page opened afresh.
 */
async function walkPage(
  page: Page,
  path: string,
  withShell: boolean,
  activity: Activity,
): Promise<{ findings: string[]; pressed: number }> {
  const findings: string[] = [];
  let presses = 0;
  await openSettled(page, path, 'en');
  const here = page.url();
  const origin = new URL(here).origin;
  const planned = await controlsOf(page);
  /** The planned control in the page as it is, or else as it opens afresh. */
  const find = async (wanted: Control): Promise<Control | undefined> => {
    const now = (await controlsOf(page)).find((each) => sameControl(wanted, each));
    if (now) return now;
    await openSettled(page, path, 'en');
    return (await controlsOf(page)).find((each) => sameControl(wanted, each));
  };
  /** Back on the page, with nothing open over it: back, or the page opened afresh. */
  const restore = async () => {
    if (page.url() !== here) {
      if (new URL(page.url()).origin === origin) await page.goBack().catch(() => null);
      if (page.url() !== here) return openSettled(page, path, 'en');
      return settled(page, 'en');
    }
    if ((await page.locator(openLayers).count()) === 0) return;
    await page.keyboard.press('Escape');
    const closed = await page
      .locator(openLayers)
      .first()
      .waitFor({ state: 'detached', timeout: 1_500 })
      .then(() => true)
      .catch(() => false);
    if (!closed) await openSettled(page, path, 'en');
  };

  /** Presses the control, and tells what came of it; what did nothing is a finding. */
  const press = async (
    control: Control,
    where: string,
  ): Promise<'changed' | 'inert' | 'covered' | 'not pressed'> => {
    const element = marked(page, control.index);
    const skipped = notPressed.find((each) => each.name.test(control.name));
    // A link off the app (a call, a mail, another site) is not followed: it has a target.
    const leaves = control.href !== null && new URL(control.href, here).origin !== origin;
    if (skipped || leaves) {
      if (!(await wired(element))) findings.push(`${where} is not wired`);
      return 'not pressed';
    }
    // What a press does shows after it: first the page must be still (its own updates done).
    const before = await stillness(page, activity, 2_000);
    const [requestsBefore, eventsBefore] = [activity.requests, activity.events];
    const pressed = await element
      .click({ timeout: 3_000 })
      .then(() => true)
      .catch(() => false);
    presses += 1;
    if (!pressed) {
      findings.push(`${where} cannot be pressed (something covers it)`);
      return 'covered';
    }
    // What a press does may take a moment on a busy phone (a screen's code to fetch): it has
    // up to three seconds to show.
    let changed = false;
    for (const deadline = Date.now() + 3_000; !changed && Date.now() < deadline;) {
      const after = await seenOn(page).catch(() => ({ ...before, url: page.url() }));
      changed =
        after.url !== before.url ||
        after.mutations > before.mutations ||
        // Focus moved on into other content (not merely onto the control pressed).
        (after.focused !== null &&
          after.focused !== before.focused &&
          after.focused !== `walk:${control.index}`) ||
        activity.requests > requestsBefore ||
        activity.events > eventsBefore;
      if (!changed) await page.waitForTimeout(50);
    }
    // Pressing the choice already made (the app mode one is in) may leave it as it is.
    if (!changed && !control.chosen) {
      findings.push(`${where} does nothing`);
      return 'inert';
    }
    if (!changed) return 'inert';
    // All that the press does (a dialog whose code is still coming) is done before it is undone.
    if (page.url() === here) {
      if (control.opens) {
        await page
          .locator(openLayers)
          .first()
          .waitFor({ timeout: 3_000 })
          .catch(() => null);
      }
      await stillness(page, activity, 3_000).catch(() => null);
    }
    return 'changed';
  };

  /**
   * The controls that the control `opener` brought: those of the dialog, sheet or menu it
   * opened (`inLayer`), or those it showed in the page (a tab's panel, a form). Each is
   * pressed with them shown, brought again by its opener when a press before took them away.
   */
  const walkRevealed = async (opener: Control, openerWhere: string, inLayer: boolean) => {
    const inner = inLayer
      ? await controlsOf(page, openLayers)
      : (await controlsOf(page)).filter(
          (each) =>
            !(each.shell && !withShell) && !planned.some((known) => sameControl(known, each)),
        );
    for (const wanted of inner) {
      const where = `${openerWhere} › ${keyOf(wanted)}`;
      const findInLayer = async () =>
        !inLayer || (await page.locator(openLayers).count()) > 0
          ? (await controlsOf(page, inLayer ? openLayers : undefined)).find((each) =>
              sameControl(wanted, each),
            )
          : undefined;
      let control = await findInLayer();
      if (!control) {
        if (inLayer) await restore();
        else await openSettled(page, path, 'en');
        const again = await find(opener);
        if (again) {
          await stillness(page, activity, 2_000);
          await marked(page, again.index)
            .click({ timeout: 3_000 })
            .catch(() => null);
          await stillness(page, activity, 3_000);
          control = await findInLayer();
        }
      }
      if (!control) {
        findings.push(`${where} is gone from the layer opened again`);
        continue;
      }
      const outcome = await press(control, where);
      if (outcome === 'covered') await openSettled(page, path, 'en');
      else if (outcome === 'changed' && page.url() !== here) await restore();
    }
  };

  for (const wanted of planned) {
    if (wanted.shell && !withShell) continue;
    // The navigation's tab of the page one is on leads where one is.
    if (wanted.current) continue;
    const where = `${path}: ${keyOf(wanted)}`;
    // Something that opened late over the page (after the press before was judged) is closed.
    await restore();
    const control = await find(wanted);
    if (!control) {
      findings.push(`${where} is gone from the page opened afresh`);
      continue;
    }
    const outcome = await press(control, where);
    if (outcome === 'covered') await openSettled(page, path, 'en');
    if (outcome !== 'changed') continue;
    // What it opened over the page, or showed in it, is walked too; then it is closed.
    if (page.url() === here) {
      await walkRevealed(wanted, where, (await page.locator(openLayers).count()) > 0);
    }
    await restore();
  }
  return { findings, pressed: presses };
}

let ids: WalkIds;
test.beforeAll(async ({ browser, baseURL }) => {
  ids = await demoIds(browser, baseURL!);
});

/** The pages' paths as the tests are named: the ids they need stand as `:patientId` and so on. */
const named: WalkIds = {
  patientId: ':patientId',
  doctorId: ':doctorId',
  conversationId: ':conversationId',
};

for (const walker of walkers) {
  pagesOf(walker, named).forEach((pathNamed, place) => {
    test(`every button and link of the ${walker} on ${pathNamed} does something`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const { context, page, paths } = await walkerContext(
        browser,
        baseURL!,
        walker,
        ids,
        pathNamed,
      );
      const activity: Activity = { requests: 0, lastRequest: 0, waiting: 0, events: 0 };
      await context.addInitScript(watchMutations);
      // The browser's own passkey prompt, which a person answers or cancels, would wait for
      // ever and take every later press: the walk cancels it, as a person who has no passkey
      // to give does.
      await context.addInitScript(() => {
        const refuse = () =>
          Promise.reject(new DOMException('The walk cancels the prompt.', 'NotAllowedError'));
        Object.defineProperty(navigator.credentials, 'create', { value: refuse });
        Object.defineProperty(navigator.credentials, 'get', { value: refuse });
      });
      // A stream of pushed events stays open for as long as the page: it is no wait.
      const awaited = (request: Request) => request.resourceType() !== 'eventsource';
      page.on('request', (request) => {
        activity.requests += 1;
        activity.lastRequest = performance.now();
        if (awaited(request)) activity.waiting += 1;
      });
      const answered = (request: Request) => {
        if (awaited(request)) activity.waiting = Math.max(0, activity.waiting - 1);
      };
      page.on('requestfinished', answered);
      page.on('requestfailed', answered);
      page.on('download', () => (activity.events += 1));
      // A file to choose (to send, to upload): the browser's own chooser, which a person sees.
      page.on('filechooser', () => (activity.events += 1));
      // An alert the spec asks for (the research portal's) is something a person sees.
      page.on('dialog', (dialog) => {
        activity.events += 1;
        void dialog.dismiss();
      });
      context.on('page', (opened) => {
        activity.events += 1;
        void opened.close();
      });
      let walked: { findings: string[]; pressed: number };
      try {
        await chooseLanguage(page, 'en');
        walked = await walkPage(page, paths[place]!, place === 0, activity);
      } finally {
        await context.close();
      }
      test.info().annotations.push({ type: 'pressed', description: String(walked.pressed) });
      expect(walked.findings).toEqual([]);
    });
  });
}
