import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { appModeMetaName, type AppMode } from '@shared/app-mode';
import { AppError } from './app-error';

export interface WebAppOptions {
  root: string;
  appMode: AppMode;
}

const oneYear = 365 * 24 * 60 * 60;

/** Paths the web app never owns: unknown ones there answer a JSON 404, not the page. */
function isServerPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/dev/');
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

  if (indexHtml !== undefined) {
    await app.register(fastifyStatic, {
      root: options.root,
      index: false,
      wildcard: false,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header(
          'Cache-Control',
          hashed ? `public, max-age=${oneYear}, immutable` : 'public, max-age=3600',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isServerPath(request.url) &&
      !path.extname(request.url.split('?')[0] ?? '');
    if (wantsPage && indexHtml !== undefined) {
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(indexHtml);
    }
    throw new AppError('not_found', 'Not found');
  });
}
