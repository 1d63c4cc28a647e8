import { mkdirSync, writeFileSync } from 'node:fs';
import { benchServerStart } from './server-start';
import { routeJavaScriptGzip } from './web-size';

interface Row {
  figure: string;
  value: string;
  target: string;
  ratio: string;
  met: boolean;
}

const rows: Row[] = [];

function record(figure: string, value: number, unit: string, target: number, lowerIsBetter = true) {
  const ratio = value / target;
  rows.push({
    figure,
    value: `${value.toFixed(unit === 'KB' || unit === 'MB' ? 1 : 0)} ${unit}`,
    target: `${lowerIsBetter ? '≤' : '≥'} ${target} ${unit}`,
    ratio: `${ratio.toFixed(2)}×`,
    met: lowerIsBetter ? value <= target : value >= target,
  });
}

const webRoot = 'dist/web';
const loginKb =
  routeJavaScriptGzip(webRoot, [
    'src/components/layout/public-shell.tsx',
    'src/app/routes/login.tsx',
  ]) / 1024;
record('JavaScript for /login (gzip)', loginKb, 'KB', 150);

const start = await benchServerStart();
record('Server start to healthy, new embedded database', start.first.msToHealthy, 'ms', 2000);
record('Server start to healthy, embedded database restart', start.restart.msToHealthy, 'ms', 2000);
rows.push({
  figure: 'Server resident memory when healthy',
  value: `${start.restart.rssMb.toFixed(1)} MB`,
  target: '—',
  ratio: '—',
  met: true,
});

console.table(rows.map(({ met, ...row }) => ({ ...row, met: met ? 'yes' : 'NO' })));
mkdirSync('bench/results', { recursive: true });
writeFileSync(
  'bench/results/latest.json',
  JSON.stringify({ takenAt: new Date().toISOString(), rows }, null, 2),
);
