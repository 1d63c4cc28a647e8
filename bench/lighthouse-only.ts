/**
 * Lighthouse on its own, without the rest of the bench: `npx tsx bench/lighthouse-only.ts`
 * for every page of the bench, or with page names (`"patient home" "Health → Vitals"`) for
 * those. Prints each run's figures and where the main thread's time went, the longest tasks
 * and each script's time, which say more than the score on a machine shared with other work.
 * Needs the build (`npm run build`).
 */
import { benchLighthouse, lighthousePages } from './lighthouse';

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !lighthousePages.some(({ page }) => page === name));
if (unknown.length > 0) {
  console.error(
    `No such page: ${unknown.join(', ')}. Pages: ${lighthousePages.map(({ page }) => page).join(', ')}`,
  );
  process.exit(1);
}

const figures = await benchLighthouse((page) => wanted.length === 0 || wanted.includes(page));
for (const { page, runs, median } of figures) {
  const processor = runs.map((run) => run.diagnostics.processorBlockingMs).sort((a, b) => a - b);
  console.log(
    `\n${page}: median ${median.performance} (${runs.map((run) => run.performance).join(', ')}); blocking in processor time, median ${processor[Math.floor(processor.length / 2)]} ms (${processor.join(', ')})`,
  );
  runs.forEach((run, index) => {
    const { longTasks, mainThread, bootup, processorBlockingMs } = run.diagnostics;
    console.log(
      `  run ${index + 1}: ${run.performance}, paint ${(run.firstContentfulPaintMs / 1000).toFixed(1)} s, largest ${(run.largestContentfulPaintMs / 1000).toFixed(1)} s, blocking ${run.totalBlockingTimeMs.toFixed(0)} ms (in processor time ${processorBlockingMs} ms), shift ${run.cumulativeLayoutShift.toFixed(3)}`,
    );
    console.log(
      `    main thread: ${Object.entries(mainThread)
        .map(([group, ms]) => `${group} ${ms} ms`)
        .join(', ')}`,
    );
    console.log(
      `    long tasks: ${longTasks.map((task) => `${task.durationMs} ms at ${task.startMs} (${task.url || '?'})`).join('; ') || 'none'}`,
    );
    console.log(
      `    scripts: ${bootup.map((script) => `${script.url} ${script.scriptingMs}+${script.parseMs} ms`).join('; ')}`,
    );
  });
}
