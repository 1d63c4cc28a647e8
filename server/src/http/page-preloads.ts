import type { PageReader } from '../auth/current-user';
import { shellData, shellSource, pageSource, type PageData, type PageEntry } from '@shared/pages';
import { manifestEntry, staticImportClosure, type WebManifest } from './web-manifest';

/**
 * The protected shell shows nothing until it knows the session; asked for with the page,
 * the answer is there when the JavaScript is. `crossorigin` makes it a same-origin
 * credentialed request in cors mode, as `fetch` sends it, so the browser reuses it.
 */
function fetchPreload(apiPath: string): string {
  return `<link rel="preload" href="${apiPath}" as="fetch" crossorigin="anonymous">`;
}

export const sessionPreload = fetchPreload('/api/me');

/**
 * `<link rel="modulepreload">` for the shell and page modules a page renders and what they
 * import, beyond what the entry already lists. Without them the browser learns of each lazy
 * chunk only after running the one before it, a round trip each. They are asked for at low
 * priority so the entry, which draws the first screen, comes first.
 */
export function modulePreloads(manifest: WebManifest, page: PageEntry): string[] {
  const inEntry = new Set(staticImportClosure(manifest, [manifestEntry(manifest)]));
  const tags = staticImportClosure(manifest, [shellSource(page.shell), pageSource(page)])
    .filter((key) => !inEntry.has(key))
    .map((key) => manifest[key]?.file)
    .filter((file): file is string => file?.endsWith('.js') === true)
    .map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`);
  if (page.shell === 'protected') tags.push(sessionPreload);
  return tags;
}

/** Ids and other parameters that can stand in an API path as they are. */
const plainParameter = /^[\w-]{1,128}$/;

function apiPathOf(data: PageData, params: Record<string, string>): string | undefined {
  const values = new Map(
    [...data.path.matchAll(/:(\w+)/g)].map(([, name = '']) => [name, params[name] ?? '']),
  );
  if (![...values.values()].every((value) => plainParameter.test(value))) return undefined;
  return data.path.replace(/:(\w+)/g, (_, name: string) => values.get(name) ?? '');
}

/**
 * What the page at hand asks the server for as it opens, for the reader's role and with their
 * own id as `:me`: asked for with the page, the answers are in when the page's code is. A
 * parameter that is not a plain id is left to the page, which shows its own error for it.
 */
export function dataPreloads(
  page: PageEntry,
  params: Record<string, string>,
  reader: PageReader | undefined,
): string[] {
  if (reader === undefined) return [];
  const { role } = reader;
  return [...shellData[page.shell], ...(page.data ?? [])]
    .filter((data) => data.roles === undefined || data.roles.includes(role))
    .map((data) => apiPathOf(data, { ...params, me: reader.id }))
    .filter((apiPath): apiPath is string => apiPath !== undefined)
    .map(fetchPreload);
}
