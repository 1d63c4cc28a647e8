import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/** API answers hold one person's data or one moment's state: no browser or proxy keeps them. */
export const noStoreHeader = { 'Cache-Control': 'no-store' } as const;

/**
 * A route hook that marks every answer of the route, refusals included, as not to be
 * stored. Set before anything else runs, so no path through the route forgets it.
 */
export function noStore(
  _request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  void reply.headers(noStoreHeader);
  done();
}
