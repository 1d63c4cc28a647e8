import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { demoPassword } from '../server/src/auth/demo-users';
import { chromiumArgs, chromiumPath } from '../e2e/support/chromium';
import { watchPeerConnections } from '../e2e/support/visit-people';
import { startBuiltServer, stopServer } from './built-server';

export interface CallFigures {
  /** From the patient pressing "Doctor is in — Join visit" to the first frame of the doctor's video, per round. */
  setUpMs: number[];
  /** What each side sends (audio + video payload), at the default quality and in audio only. */
  sentKbps: { side: 'patient' | 'doctor'; quality: 'default' | 'audio only'; kbps: number }[];
}

/** Seconds of sending each bitrate is averaged over. */
const sampleSeconds = 10;

async function signedInPage(browser: Browser, url: string, email: string) {
  const context: BrowserContext = await browser.newContext({
    baseURL: url,
    extraHTTPHeaders: { Origin: url },
    viewport: { width: 360, height: 740 },
  });
  await watchPeerConnections(context);
  const page = await context.newPage();
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: demoPassword },
  });
  if (!response.ok()) throw new Error(`bench sign-in answered ${response.status()}`);
  return page;
}

/** Payload bytes the page's open calls have sent so far. */
function bytesSent(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const made = (window as unknown as { __peerConnections: RTCPeerConnection[] })
      .__peerConnections;
    let total = 0;
    for (const pc of made.filter((each) => each.connectionState === 'connected')) {
      const stats = await pc.getStats();
      stats.forEach((report: { type: string; bytesSent?: number }) => {
        if (report.type === 'outbound-rtp') total += report.bytesSent ?? 0;
      });
    }
    return total;
  });
}

async function sentKbps(page: Page): Promise<number> {
  const before = await bytesSent(page);
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, sampleSeconds * 1000));
  const after = await bytesSent(page);
  return ((after - before) * 8) / (performance.now() - started);
}

async function remoteFrameShown(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const video = document.querySelector<HTMLVideoElement>('video[aria-label="Remote video"]');
      return video !== null && video.videoWidth > 0 && video.readyState >= 2;
    },
    undefined,
    { timeout: 30_000, polling: 10 },
  );
}

/** One visit of the demo patient with the demo doctor, up to both seeing each other. */
async function connect(patient: Page, doctor: Page): Promise<number> {
  await patient.goto('/');
  await patient.getByRole('button', { name: 'Join Video Visit' }).click();
  await patient.waitForURL(/\/visit\/[0-9a-f-]{36}$/);
  await doctor.goto('/queue');
  await doctor.getByRole('button', { name: 'Start visit' }).first().click();
  await doctor.waitForURL(/\/visit\/[0-9a-f-]{36}$/);
  const join = patient
    .getByRole('link', { name: 'Doctor is in — Join visit' })
    .or(patient.getByRole('button', { name: 'Doctor is in — Join visit' }))
    .first();
  await join.waitFor();
  const pressed = performance.now();
  await join.click();
  await remoteFrameShown(patient);
  const setUp = performance.now() - pressed;
  await remoteFrameShown(doctor);
  return setUp;
}

async function end(doctor: Page): Promise<void> {
  await doctor.getByRole('button', { name: 'End visit' }).click();
  await doctor.getByLabel('Visit summary').waitFor();
}

/**
 * Two Chromium pages with fake cameras on loopback: call set-up time over `rounds` visits,
 * then each side's sent bitrate at the default quality and in audio only.
 */
export async function benchVisitCall(rounds = 5): Promise<CallFigures> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sewa-bench-call-'));
  const { url, child } = await startBuiltServer({
    DATA_DIR: dataDir,
    DEMO_USERS: 'true',
    NODE_ENV: 'test',
  });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const patient = await signedInPage(browser, url, 'patient@example.com');
    const doctor = await signedInPage(browser, url, 'doctor@example.com');
    const setUpMs: number[] = [];
    for (let round = 1; round < rounds; round += 1) {
      setUpMs.push(await connect(patient, doctor));
      await end(doctor);
    }
    setUpMs.push(await connect(patient, doctor));
    // Let the bandwidth estimate settle before reading what is sent.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const figures: CallFigures['sentKbps'] = [];
    const [patientDefault, doctorDefault] = await Promise.all([
      sentKbps(patient),
      sentKbps(doctor),
    ]);
    figures.push({ side: 'patient', quality: 'default', kbps: patientDefault });
    figures.push({ side: 'doctor', quality: 'default', kbps: doctorDefault });
    await patient.getByRole('button', { name: 'Audio only' }).click();
    await doctor.getByRole('button', { name: 'Audio only' }).click();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const [patientAudio, doctorAudio] = await Promise.all([sentKbps(patient), sentKbps(doctor)]);
    figures.push({ side: 'patient', quality: 'audio only', kbps: patientAudio });
    figures.push({ side: 'doctor', quality: 'audio only', kbps: doctorAudio });
    await end(doctor);
    return { setUpMs, sentKbps: figures };
  } finally {
    await browser.close();
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
