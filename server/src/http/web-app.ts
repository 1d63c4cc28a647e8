import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { appModeMetaName, type AppMode } from '@shared/app-mode';
import { pageFor, pages, pageSource, shellSource, type PageEntry } from '@shared/pages';
import { AppError } from './app-error';
import {
  manifestEntry,
  readWebManifest,
  staticImportClosure,
  type WebManifest,
} from './web-manifest';

export interface WebAppOptions {
  root: string;
  appMode: AppMode;
}

const oneYear = 365 * 24 * 60 * 60;

/** The page itself: the service worker caches it from here for starting offline. */
const indexPath = '/index.html';

/**
 * Asked for on every visit: the service worker, so a new build is found at once, and the
 * install manifests, which are not hashed. Other unhashed files (icons) keep for an hour.
 */
function cacheControlOf(filePath: string): string {
  if (filePath.includes(`${path.sep}assets${path.sep}`)) {
    return `public, max-age=${oneYear}, immutable`;
  }
  const name = path.basename(filePath);
  if (name === 'sw.js' || name.endsWith('.webmanifest')) return 'no-cache';
  return 'public, max-age=3600';
}

/** Paths the web app never owns: unknown ones there answer a JSON 404, not the page. */
function isServerPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/dev/');
}

/**
 * The protected shell shows nothing until it knows the session; asked for with the page,
 * the answer is there when the JavaScript is. `crossorigin` makes it a same-origin
 * credentialed request in cors mode, as `fetch` sends it, so the browser reuses it.
 */
const sessionPreload = '<link rel="preload" href="/api/me" as="fetch" crossorigin="anonymous">';

/**
 * The page with `<link rel="modulepreload">` for the shell and page modules its path
 * renders and what they import, beyond what the entry already lists. Without them the
 * browser learns of each lazy chunk only after running the one before it, a round trip each.
 * They are asked for at low priority so the entry, which draws the first screen, comes first.
 */
function withPagePreloads(html: string, manifest: WebManifest, page: PageEntry): string {
  const inEntry = new Set(staticImportClosure(manifest, [manifestEntry(manifest)]));
  const tags = staticImportClosure(manifest, [shellSource(page.shell), pageSource(page)])
    .filter((key) => !inEntry.has(key))
    .map((key) => manifest[key]?.file)
    .filter((file): file is string => file?.endsWith('.js') === true)
    .map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`);
  if (page.shell === 'protected') tags.push(sessionPreload);
  return html.replace('</head>', `${tags.join('')}</head>`);
}

/**
 * Serves the built web app: hashed assets cached for a year, every other GET
 * that asks for HTML gets `index.html` so the browser router can take over.
 */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions) {
  const indexFile = path.join(options.root, 'index.html');
  const indexHtml = existsSync(indexFile)
    ? readFileSync(indexFile, 'utf8').replace(
        '</head>',
        `<meta name="${appModeMetaName}" content="${options.appMode}"></head>`,
      )
    : undefined;
  const manifest = indexHtml === undefined ? undefined : readWebManifest(options.root);
  const pageHtml = new Map<PageEntry, string>(
    indexHtml === undefined || manifest === undefined
      ? []
      : pages.map((page) => [page, withPagePreloads(indexHtml, manifest, page)]),
  );

  if (indexHtml !== undefined) {
    await app.register(fastifyStatic, {
      root: options.root,
      index: false,
      wildcard: false,
      // The page as built has no app mode; it is answered below, as for any other path.
      allowedPath: (pathName) => pathName !== indexPath,
      setHeaders(res, filePath) {
        res.header('Cache-Control', cacheControlOf(filePath));
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isServerPath(request.url) &&
      (!path.extname(pathname) || pathname === indexPath);
    if (wantsPage && indexHtml !== undefined) {
      const page = pageFor(pathname);
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send((page && pageHtml.get(page)) ?? indexHtml);
    }
    throw new AppError('not_found', 'Not found');
  });
}
