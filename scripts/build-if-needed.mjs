// Builds the web app and the server when the build is missing or older than the sources.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outputs = ['dist/web/index.html', 'dist/server/main.js'].map((file) => path.join(root, file));
const sources = ['web', 'server', 'shared', 'package-lock.json', 'vite.config.ts'];

function newestChange(entry) {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const child of readdirSync(entry)) {
    if (child === 'node_modules') continue;
    newest = Math.max(newest, newestChange(path.join(entry, child)));
  }
  return newest;
}

export function buildIsStale() {
  if (!outputs.every((file) => existsSync(file))) return true;
  const built = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  const changed = Math.max(...sources.map((source) => newestChange(path.join(root, source))));
  return changed > built;
}

if (buildIsStale()) {
  console.log('Building the web app and the server…');
  execSync('npm run --silent build', { cwd: root, stdio: 'inherit' });
}
