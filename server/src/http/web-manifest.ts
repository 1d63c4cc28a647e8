import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One module of Vite's build manifest (`dist/web/.vite/manifest.json`). */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type WebManifest = Record<string, ManifestChunk>;

/** The manifest of a built web app, or undefined when the app was built without one. */
export function readWebManifest(webRoot: string): WebManifest | undefined {
  const file = path.join(webRoot, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as WebManifest) : undefined;
}

export function manifestEntry(manifest: WebManifest): string {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('The web manifest has no entry');
  return entry;
}

/**
 * The modules that load with the given ones: each of them and, transitively, what they
 * import statically, in first-seen order. Lazily imported modules are left out.
 */
export function staticImportClosure(manifest: WebManifest, modules: string[]): string[] {
  const needed = new Set<string>();
  const visit = (key: string) => {
    if (needed.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The web manifest has no module ${key}`);
    needed.add(key);
    chunk.imports?.forEach(visit);
  };
  modules.forEach(visit);
  return [...needed];
}
