import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

type Manifest = Record<string, ManifestChunk>;

/**
 * The gzip size of the JavaScript a browser needs before a route shows: the
 * entry, the lazily loaded modules the route renders, and everything they import.
 */
export function routeJavaScriptGzip(webRoot: string, lazyModules: string[]): number {
  const manifest = JSON.parse(
    readFileSync(path.join(webRoot, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('The web manifest has no entry');

  const needed = new Set<string>();
  const visit = (key: string) => {
    if (needed.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The web manifest has no module ${key}`);
    needed.add(key);
    chunk.imports?.forEach(visit);
  };
  [entry, ...lazyModules].forEach(visit);

  let total = 0;
  for (const key of needed) {
    const file = manifest[key]?.file;
    if (file?.endsWith('.js')) total += gzipSync(readFileSync(path.join(webRoot, file))).length;
  }
  return total;
}
