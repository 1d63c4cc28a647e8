import autocannon from 'autocannon';
import { percentile } from './percentile';

/** Throughput and latency of one load run. */
export interface LoadFigures {
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers other than 2xx, and connection errors. */
  failures: number;
}

/** Seconds per load run: 10, or BENCH_DURATION for a quick look. */
export const loadSeconds = Number(process.env.BENCH_DURATION ?? 10);

export async function httpLoad(
  options: autocannon.Options & { requests: autocannon.Request[] },
): Promise<LoadFigures> {
  const result = await autocannon({ duration: loadSeconds, ...options });
  return {
    perSecond: result.requests.total / result.duration,
    // No answer at all within the run: no latency to report, rather than autocannon's 0.
    p50Ms: result.requests.total > 0 ? result.latency.p50 : Number.NaN,
    p99Ms: result.requests.total > 0 ? result.latency.p99 : Number.NaN,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * The same work straight on the database: `concurrency` callers repeat `call`
 * for the load run's duration, as autocannon's connections repeat their request.
 */
export async function databaseLoad(
  call: (n: number) => Promise<void>,
  concurrency: number,
): Promise<LoadFigures> {
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const deadline = performance.now() + loadSeconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const n = next;
        next += 1;
        const begin = performance.now();
        try {
          await call(n);
          latencies.push(performance.now() - begin);
        } catch {
          failures += 1;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    failures,
  };
}

/**
 * Waits until the server answers a health check quickly again: requests of the last
 * run may still be in its queue (sign-ins hash passwords long after the clients left).
 */
export async function settle(url: string): Promise<void> {
  const deadline = performance.now() + 30_000;
  while (performance.now() < deadline) {
    const begin = performance.now();
    const ok = await fetch(`${url}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok && performance.now() - begin < 50) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
