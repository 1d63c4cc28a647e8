// `npm test`: every check in order, stopping at the first that fails, then one summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const reports = 'test-reports';
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const steps = [
  // First, so a machine without Chromium learns it now rather than deep in a browser test.
  ['system packages', 'bash', ['scripts/install-system-deps.sh']],
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['format', 'npm', ['run', '--silent', 'format:check']],
  ['build', 'npm', ['run', '--silent', 'build']],
  [
    'unit and API tests',
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reports}/vitest.json`,
    ],
  ],
  ['browser tests', 'npx', ['playwright', 'test']],
];

function counts() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  if (existsSync(`${reports}/vitest.json`)) {
    const vitest = JSON.parse(readFileSync(`${reports}/vitest.json`, 'utf8'));
    passed += vitest.numPassedTests;
    failed += vitest.numFailedTests;
    skipped += vitest.numPendingTests + vitest.numTodoTests;
  }
  if (existsSync(`${reports}/playwright.json`)) {
    const { stats } = JSON.parse(readFileSync(`${reports}/playwright.json`, 'utf8'));
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
    skipped += stats.skipped;
  }
  return { passed, failed, skipped };
}

let failedStep;
for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: `${reports}/playwright.json` },
  });
  if (result.status !== 0) {
    failedStep = name;
    break;
  }
}

const { passed, failed, skipped } = counts();
if (failedStep) console.error(`\n✖ ${failedStep} failed`);
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedStep ? 1 : 0);
