import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { demoPassword } from '../server/src/auth/demo-users';
import { startBuiltServer, stopServer } from './built-server';
import { demoConversation, type DemoConversation } from './demo-conversation';
import { signInCookie } from './sign-in';

/** One Lighthouse run of one page, with the metrics its performance score is made of. */
export interface LighthouseRun {
  performance: number;
  accessibility: number;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  cumulativeLayoutShift: number;
  /** Where the main thread's time went, from Lighthouse's own diagnostics. */
  diagnostics: LighthouseDiagnostics;
}

/** Lighthouse's diagnostics of one run: what to look at beyond the score on a shared machine. */
export interface LighthouseDiagnostics {
  /** The longest main-thread tasks (simulated phone), with the script Lighthouse names. */
  longTasks: { startMs: number; durationMs: number; url: string }[];
  /** Main-thread time by kind of work (script evaluation, style and layout, …), in ms. */
  mainThread: Record<string, number>;
  /** Each script's main-thread time (evaluation and parse/compile), in ms. */
  bootup: { url: string; scriptingMs: number; parseMs: number }[];
  /**
   * The blocking time counted from the processor time of the page's main-thread tasks in the
   * observed load, rather than their time on the clock, each multiplied by Lighthouse's 4 for
   * the phone: what is over 50 ms in each, summed. A task that waits for a processor the
   * machine's other work holds is long on the clock but not in processor time, so this moves
   * much less with the load on a shared machine than Lighthouse's own blocking time.
   */
  processorBlockingMs: number;
}

export interface LighthouseFigures {
  page: string;
  /** Every run, in the order they ran. */
  runs: LighthouseRun[];
  /** The run with the median performance score. */
  median: LighthouseRun;
}

/**
 * The pages of the promise, the signed-in ones opened as the demo patient, and the same
 * conversation once more after a doctor has answered in Nepali: an English screen then needs
 * the Devanagari font too (`before` runs before that page's runs).
 */
export const lighthousePages: {
  page: string;
  path: (conversation: DemoConversation) => string;
  before?: (conversation: DemoConversation) => Promise<void>;
}[] = [
  { page: '/login', path: () => '/login' },
  { page: 'patient home', path: () => '/' },
  { page: 'a conversation', path: ({ id }) => `/messages/${id}` },
  { page: 'Health → Vitals', path: () => '/health?section=vitals' },
  {
    page: 'a conversation with an answer in Nepali',
    path: ({ id }) => `/messages/${id}`,
    before: (conversation) => conversation.answerInNepali(),
  },
];

interface DetailsTable {
  items?: Record<string, unknown>[];
}

/** The rows of an audit's table (long tasks, main-thread work, bootup time); none without one. */
function tableItems(
  lhr: { audits: Record<string, { details?: unknown }> },
  id: string,
): Record<string, unknown>[] {
  return (lhr.audits[id]?.details as DetailsTable | undefined)?.items ?? [];
}

/** A script's name without the origin: `/assets/home-….js`. */
function shortUrl(value: unknown): string {
  const text = typeof value === 'string' ? value : '';
  try {
    return new URL(text).pathname;
  } catch {
    return text;
  }
}

interface TraceEvent {
  name: string;
  ph: string;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

/** Lighthouse's multiplier of the observed processor time for its simulated phone. */
const phoneSlowdown = 4;

/** `processorBlockingMs` of one observed load, from its trace. */
function processorBlocking(events: TraceEvent[]): number {
  // The page's main thread: the one that ran the most script.
  const scriptTime = new Map<number, number>();
  for (const event of events) {
    if (['FunctionCall', 'EvaluateScript', 'v8.evaluateModule'].includes(event.name)) {
      scriptTime.set(event.tid, (scriptTime.get(event.tid) ?? 0) + (event.dur ?? 0));
    }
  }
  const main = [...scriptTime].sort((a, b) => b[1] - a[1])[0]?.[0];
  const start = events.find((event) => event.name === 'ParseHTML' && event.tid === main)?.ts ?? 0;
  const tasks = events
    .filter((event) => event.name === 'RunTask' && event.ph === 'X' && event.tid === main)
    .filter((event) => event.ts >= start)
    .sort((a, b) => a.ts - b.ts);
  let blocking = 0;
  let end = 0;
  for (const task of tasks) {
    // A task run inside another is counted with it.
    if (task.ts < end) continue;
    end = task.ts + (task.dur ?? 0);
    const phoneMs = ((task.tdur ?? task.dur ?? 0) / 1000) * phoneSlowdown;
    blocking += Math.max(0, phoneMs - 50);
  }
  return Math.round(blocking);
}

function diagnosticsOf(
  lhr: { audits: Record<string, { details?: unknown }> },
  trace: TraceEvent[],
) {
  const round = (value: unknown) => Math.round(Number(value));
  return {
    processorBlockingMs: processorBlocking(trace),
    longTasks: tableItems(lhr, 'long-tasks')
      .map((item) => ({
        startMs: round(item.startTime),
        durationMs: round(item.duration),
        url: shortUrl(item.url),
      }))
      .slice(0, 8),
    mainThread: Object.fromEntries(
      tableItems(lhr, 'mainthread-work-breakdown').map((item) => [
        String(item.groupLabel ?? item.group),
        round(item.duration),
      ]),
    ),
    bootup: tableItems(lhr, 'bootup-time').map((item) => ({
      url: shortUrl(item.url),
      scriptingMs: round(item.scripting),
      parseMs: round(item.scriptParseCompile),
    })),
  } satisfies LighthouseDiagnostics;
}

/** Scores move by several points between runs on a shared machine: each page runs this often. */
export const lighthouseRunsPerPage = 3;

function medianRun(runs: LighthouseRun[]): LighthouseRun {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  const median = sorted[Math.floor(sorted.length / 2)];
  if (!median) throw new Error('No Lighthouse run');
  return median;
}

/**
 * One Lighthouse run. Now and then Chromium's trace of a load comes out unreadable
 * (`NO_NAVSTART`) and the run has no figures: such a run is made again, at most twice.
 */
async function runLighthouse(url: string, port: number, cookie: string | undefined) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no report for ${url}`);
    const trace = (result.artifacts.Trace.traceEvents as TraceEvent[] | undefined) ?? [];
    if (!lhr.runtimeError || attempt === 3) return { lhr, trace };
    console.log(`  Lighthouse could not read the load (${lhr.runtimeError.code}), again`);
  }
}

/**
 * Lighthouse's mobile run (its default: a mid-range phone on a slow 4G line, simulated) on each
 * page, `lighthouseRunsPerPage` times, the runs of one page one after the other.
 */
export async function benchLighthouse(
  only: (page: string) => boolean = () => true,
): Promise<LighthouseFigures[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sewa-bench-lighthouse-'));
  const { url, child } = await startBuiltServer({
    DATA_DIR: dataDir,
    DEMO_USERS: 'true',
    NODE_ENV: 'test',
  });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const conversation = await demoConversation(url);
    const cookie = await signInCookie(url, 'patient@example.com', demoPassword);
    const figures: LighthouseFigures[] = [];
    for (const page of lighthousePages.filter((each) => only(each.page))) {
      await page.before?.(conversation);
      const runs: LighthouseRun[] = [];
      for (let run = 1; run <= lighthouseRunsPerPage; run += 1) {
        const { lhr, trace } = await runLighthouse(
          `${url}${page.path(conversation)}`,
          chrome.port,
          page.page === '/login' ? undefined : cookie,
        );
        const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        runs.push({
          performance: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
          accessibility: Math.round((lhr.categories.accessibility?.score ?? Number.NaN) * 100),
          firstContentfulPaintMs: metric('first-contentful-paint'),
          largestContentfulPaintMs: metric('largest-contentful-paint'),
          totalBlockingTimeMs: metric('total-blocking-time'),
          cumulativeLayoutShift: metric('cumulative-layout-shift'),
          diagnostics: diagnosticsOf(lhr, trace),
        });
        const last = runs.at(-1);
        console.log(
          `  Lighthouse: ${page.page}, run ${run}: performance ${last?.performance}, accessibility ${last?.accessibility}`,
        );
      }
      figures.push({ page: page.page, runs, median: medianRun(runs) });
    }
    return figures;
  } finally {
    chrome.kill();
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
