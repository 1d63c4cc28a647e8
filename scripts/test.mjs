// `npm test`: every check, stopping at the first that fails, then one summary line.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const reports = 'test-reports';
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const npmRun = (script) => ['npm', ['run', '--silent', script]];

/**
 * Stages run one after the other. A stage is one or more lanes run side by side, and a lane
 * is steps run in order. Lint keeps one core busy for over a minute by itself, so the type
 * check, the formatting check and the build take the other core beside it; the tests then
 * run alone, as they use every core.
 */
const stages = [
  // First, so a machine without Chromium learns it now rather than deep in a browser test.
  [[['system packages', 'bash', ['scripts/install-system-deps.sh']]]],
  [
    [['lint', ...npmRun('lint')]],
    [
      ['typecheck', ...npmRun('typecheck')],
      ['format', ...npmRun('format:check')],
      ['build', ...npmRun('build')],
    ],
  ],
  [
    [
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
    ],
  ],
  [[['browser tests', 'npx', ['playwright', 'test']]]],
];

const env = { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: `${reports}/playwright.json` };

/**
 * Runs one step. Alone, it writes straight to the terminal; beside others, its output is
 * kept and written in one piece when it ends, so the steps' lines do not interleave.
 */
function run([name, command, args], alone) {
  if (alone) console.log(`\n▶ ${name}`);
  const child = spawn(command, args, { env, stdio: alone ? 'inherit' : 'pipe' });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (status) => {
      if (!alone) {
        console.log(`\n▶ ${name}`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve(status === 0);
    });
  });
}

// After a failure no step starts; a step already running beside it finishes and is reported.
const failedSteps = [];
for (const lanes of stages) {
  const alone = lanes.length === 1;
  await Promise.all(
    lanes.map(async (lane) => {
      for (const step of lane) {
        if (failedSteps.length > 0) return;
        if (!(await run(step, alone))) failedSteps.push(step[0]);
      }
    }),
  );
  if (failedSteps.length > 0) break;
}

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

const { passed, failed, skipped } = counts();
if (failedSteps.length > 0) console.error(`\n✖ ${failedSteps.join(', ')} failed`);
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedSteps.length > 0 ? 1 : 0);
