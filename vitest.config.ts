import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * Every test runs in a zone far from the clinic's (Asia/Kathmandu, UTC+5:45), so code that
 * counts days or times in the machine's zone instead of clinic time fails here. Set before
 * any worker starts, so every worker and every server a test starts inherits it.
 */
const testTimeZone = 'America/New_York';
process.env.TZ = testTimeZone;

const alias = {
  '@': fileURLToPath(new URL('./web/src', import.meta.url)),
  '@shared': fileURLToPath(new URL('./shared', import.meta.url)),
};

/**
 * The files that take longest (every input generated against every endpoint, limits
 * counted to their end, the whole authorization matrix), most first. They start first, so
 * none of them is still running alone when the rest are done. Vitest orders by the last
 * run's durations when it has them, but after `npm ci` it has none and goes by file size.
 */
const slowest = [
  'tests/api/bad-input/app-routes.test.ts',
  'tests/api/bad-input/auth-bad-input.test.ts',
  'tests/api/bad-input/fhir-routes.test.ts',
  'tests/api/auth/rate-limits.test.ts',
  'tests/api/authorization/matrix.test.ts',
];

class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = slowest.findIndex((name) => file.moduleId.endsWith(`/${name}`));
      return index === -1 ? slowest.length : index;
    };
    // A stable sort: the other files keep Vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    // The API tests spend much of their time waiting on servers, PostgreSQL, SMTP and child
    // processes, so on a small machine twice as many files as cores run at once (Vitest's
    // own default, one less than the cores, would run one file at a time on two).
    maxWorkers: Math.max(availableParallelism() - 1, 4),
    sequence: { sequencer: SlowestFirst },
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'server/**/*.test.ts',
            'shared/**/*.test.ts',
            'tests/api/**/*.test.ts',
            'tests/lint/**/*.test.ts',
          ],
          // Guards against a hang, not a measure: with files side by side on two cores a test
          // takes up to twice its time alone, the sign-in loops of the rate limits most.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['web/src/test-setup.ts'],
        },
      },
    ],
  },
});
