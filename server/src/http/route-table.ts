import type { FastifyInstance } from 'fastify';

/** One route as the server registered it: one method, one URL pattern. */
export interface RouteEntry {
  method: string;
  url: string;
}

/**
 * Records every route the server registers from here on, one entry per method
 * (HEAD routes Fastify adds for GETs are left out). The authorization and
 * bad-input tests read it, so a route nobody described cannot slip through.
 */
export function recordRoutes(app: FastifyInstance): RouteEntry[] {
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url });
    }
  });
  return routes;
}
