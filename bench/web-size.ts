import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { shellSource } from '../shared/pages';
import {
  manifestEntry,
  readWebManifest,
  staticImportClosure,
} from '../server/src/http/web-manifest';

/**
 * The gzip size of the JavaScript a browser needs before a route shows: the
 * entry, the lazily loaded modules the route renders, and everything they import.
 */
export function routeJavaScriptGzip(webRoot: string, lazyModules: string[]): number {
  const manifest = readWebManifest(webRoot);
  if (!manifest) throw new Error(`No web manifest under ${webRoot}`);

  let total = 0;
  for (const key of staticImportClosure(manifest, [manifestEntry(manifest), ...lazyModules])) {
    const file = manifest[key]?.file;
    if (file?.endsWith('.js')) total += gzipSync(readFileSync(path.join(webRoot, file))).length;
  }
  return total;
}

const publicShell = shellSource('public');
const protectedShell = shellSource('protected');

/** What a phone downloads before each page shows, and the promised ceiling where there is one. */
export const routeBudgets: { name: string; modules: string[]; limitKb?: number }[] = [
  {
    name: 'JavaScript for /login (gzip)',
    modules: [publicShell, 'src/app/routes/login.tsx'],
    limitKb: 150,
  },
  {
    name: 'JavaScript for /login and the patient home (gzip)',
    modules: [publicShell, 'src/app/routes/login.tsx', protectedShell, 'src/app/routes/home.tsx'],
    limitKb: 200,
  },
  {
    name: 'JavaScript for a conversation (gzip)',
    modules: [protectedShell, 'src/app/routes/conversation.tsx'],
  },
  {
    // The record's page with its Vitals tab open: the trend is drawn without a chart library.
    name: 'JavaScript for Health → Vitals (gzip)',
    modules: [protectedShell, 'src/app/routes/health.tsx'],
  },
];
