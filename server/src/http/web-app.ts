import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appModeMetaName, type AppMode } from '@shared/app-mode';
import { matchPage, pages, type PageEntry } from '@shared/pages';
import type { SessionReader } from '../auth/current-user';
import { AppError } from './app-error';
import { dataPreloads, modulePreloads } from './page-preloads';
import { readWebManifest } from './web-manifest';

export interface WebAppOptions {
  root: string;
  appMode: AppMode;
  /** Whose page it is, to preload the data their screen asks for. */
  reader: SessionReader;
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

/**
 * The page compressed as the browser accepts it. The page is answered from the not-found
 * handler, which the global compression (route by route) does not reach; it carries the
 * style sheet, so compressed it is a fifth of its size. Brotli at a middle quality: the page
 * differs per reader (its data preloads), so it is compressed on each request. Codings are
 * case-insensitive (RFC 9110), the negotiator is not: the header is lowercased first.
 */
function encodedPage(acceptEncoding: string | undefined, html: string) {
  switch (negotiate((acceptEncoding ?? '').toLowerCase(), ['br', 'gzip'])) {
    case 'br':
      return {
        encoding: 'br',
        body: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
      };
    case 'gzip':
      return { encoding: 'gzip', body: gzipSync(html) };
    case null:
      return { encoding: undefined, body: html };
  }
}

/** Paths the web app never owns: unknown ones there answer a JSON 404, not the page. */
function isServerPath(url: string): boolean {
  return (
    url.startsWith('/api/') || url === '/api' || url.startsWith('/dev/') || url.startsWith('/fhir/')
  );
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
      : pages.map((page) => [
          page,
          indexHtml.replace('</head>', `${modulePreloads(manifest, page).join('')}</head>`),
        ]),
  );

  if (indexHtml !== undefined) {
    await app.register(fastifyStatic, {
      root: options.root,
      index: false,
      wildcard: false,
      // The build writes Brotli and gzip copies of its scripts and styles beside them.
      preCompressed: true,
      // The page as built has no app mode; it is answered below, as for any other path.
      allowedPath: (pathName) => pathName !== indexPath,
      setHeaders(res, filePath) {
        res.header('Cache-Control', cacheControlOf(filePath));
      },
    });
  }

  /** The page for a path: its own preloads, and the reader's data behind a session. */
  async function pageHtmlFor(
    request: FastifyRequest,
    pathname: string,
  ): Promise<string | undefined> {
    const match = matchPage(pathname);
    const html = match && pageHtml.get(match.page);
    if (!match || html === undefined || match.page.shell !== 'protected') return html;
    const reader = await options.reader(request).catch((error: unknown) => {
      // The page still works without them: it asks for its data itself.
      request.log.warn({ err: error }, 'could not read the session for data preloads');
      return undefined;
    });
    const data = dataPreloads(match.page, match.params, reader);
    return data.length === 0 ? html : html.replace('</head>', `${data.join('')}</head>`);
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isServerPath(request.url) &&
      (!path.extname(pathname) || pathname === indexPath);
    if (wantsPage && indexHtml !== undefined) {
      const page = encodedPage(
        request.headers['accept-encoding'],
        (await pageHtmlFor(request, pathname)) ?? indexHtml,
      );
      if (page.encoding !== undefined) reply.header('Content-Encoding', page.encoding);
      return (
        reply
          .type('text/html; charset=utf-8')
          .header('Cache-Control', 'no-cache')
          // Behind a session the page names what its reader's screen will ask for.
          .header('Vary', 'Cookie, Accept-Encoding')
          .send(page.body)
      );
    }
    throw new AppError('not_found', 'Not found');
  });
}
