import {
  expect,
  request as playwrightRequest,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { createConfirmedAccount, demoPassword, password } from './accounts';

export interface Person {
  context: BrowserContext;
  page: Page;
  email: string;
}

/**
 * Keeps every RTCPeerConnection the page makes on `window.__peerConnections`, so a test
 * can read the call's own senders and stats; `forceRelay` makes each one relay-only. The
 * script is text, not a function, so no transpiler (the bench runs under tsx) adds helpers
 * the page does not have.
 */
export async function watchPeerConnections(
  context: BrowserContext,
  options: { forceRelay?: boolean } = {},
): Promise<void> {
  const relayOnly = options.forceRelay ?? false;
  await context.addInitScript({
    content: `(() => {
      const Original = window.RTCPeerConnection;
      const made = [];
      window.__peerConnections = made;
      window.RTCPeerConnection = class extends Original {
        constructor(configuration) {
          super(${String(relayOnly)} ? { ...configuration, iceTransportPolicy: 'relay' } : configuration);
          made.push(this);
        }
      };
    })();`,
  });
}

/** A browser context on `baseURL`, signed in as `email`. */
export async function signedIn(
  browser: Browser,
  baseURL: string,
  email: string,
  secret: string,
  options: { forceRelay?: boolean } = {},
): Promise<Person> {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  await watchPeerConnections(context, options);
  const page = await context.newPage();
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: secret },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return { context, page, email };
}

/** A new confirmed patient with a profile named `firstName`, signed in. */
export async function newPatient(
  browser: Browser,
  baseURL: string,
  firstName: string,
  options: { forceRelay?: boolean } = {},
): Promise<Person> {
  const api = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { Origin: baseURL },
  });
  const email = await createConfirmedAccount(api, 'visit');
  await api.dispose();
  const person = await signedIn(browser, baseURL, email, password, options);
  const saved = await person.page.request.put('/api/profile', {
    data: { first_name: firstName, last_name: 'Gurung', age: 30, date_system: 'ad' },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  return person;
}

export function demoDoctor(
  browser: Browser,
  baseURL: string,
  options: { forceRelay?: boolean } = {},
): Promise<Person> {
  return signedIn(browser, baseURL, 'doctor@example.com', demoPassword, options);
}

/** A name no other test's patient has, so a queue row is found by it alone. */
export function uniqueFirstName(label: string): string {
  return `${label}${Math.random().toString(36).slice(2, 7)}`;
}

const remoteVideo = (page: Page) => page.locator('video[aria-label="Remote video"]');

/** The other person's video is playing: new frames keep arriving. */
export async function expectRemoteVideoPlaying(page: Page, timeout = 20_000): Promise<void> {
  await expect(remoteVideo(page)).toBeVisible({ timeout });
  await expect
    .poll(
      () =>
        remoteVideo(page).evaluate(async (element: HTMLVideoElement) => {
          if (element.videoWidth === 0 || element.readyState < 2) return false;
          const before = element.getVideoPlaybackQuality().totalVideoFrames;
          await new Promise((resolve) => setTimeout(resolve, 500));
          return element.getVideoPlaybackQuality().totalVideoFrames > before;
        }),
      { timeout },
    )
    .toBe(true);
}

/** The other person's voice reaches the page: the remote stream carries a live audio track. */
export async function expectRemoteAudio(page: Page): Promise<void> {
  await expect
    .poll(() =>
      remoteVideo(page).evaluate((element: HTMLVideoElement) => {
        const stream = element.srcObject;
        if (!(stream instanceof MediaStream)) return 0;
        return stream.getAudioTracks().filter((track) => track.readyState === 'live').length;
      }),
    )
    .toBe(1);
}

/** How many of the page's open peer connections send a live, enabled camera track. */
export function liveVideoSenders(page: Page): Promise<number> {
  return page.evaluate(() => {
    const made = (window as unknown as { __peerConnections: RTCPeerConnection[] })
      .__peerConnections;
    return made
      .filter((pc) => pc.connectionState !== 'closed')
      .flatMap((pc) => pc.getSenders())
      .filter(
        (sender) =>
          sender.track?.kind === 'video' &&
          sender.track.readyState === 'live' &&
          sender.track.enabled,
      ).length;
  });
}

export interface SelectedCandidate {
  /** host, srflx, prflx or relay */
  type: string;
  side: 'local' | 'remote';
  address: string;
  /** The local ICE username fragment of the transport: every ICE restart makes a new one. */
  localFragment: string;
}

/** Both ends of the candidate pair each connected call of the page is using now. */
export function selectedCandidates(page: Page): Promise<SelectedCandidate[]> {
  return page.evaluate(async () => {
    const made = (window as unknown as { __peerConnections: RTCPeerConnection[] })
      .__peerConnections;
    const found: {
      type: string;
      side: 'local' | 'remote';
      address: string;
      localFragment: string;
    }[] = [];
    for (const pc of made.filter((each) => each.connectionState === 'connected')) {
      const stats = await pc.getStats();
      const byId = new Map<string, Record<string, unknown>>();
      stats.forEach((report: Record<string, unknown>) => byId.set(report.id as string, report));
      for (const report of byId.values()) {
        if (report.type !== 'transport' || typeof report.selectedCandidatePairId !== 'string') {
          continue;
        }
        const pair = byId.get(report.selectedCandidatePairId);
        for (const side of ['local', 'remote'] as const) {
          const candidate = pair && byId.get(pair[`${side}CandidateId`] as string);
          if (!candidate) continue;
          found.push({
            type: String(candidate.candidateType),
            side,
            address: `${String(candidate.address)}:${String(candidate.port)}`,
            localFragment: String(report.iceLocalUsernameFragment),
          });
        }
      }
    }
    return found;
  });
}
