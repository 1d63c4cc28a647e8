import type { FastifyRequest } from 'fastify';
import { actingAsThemselves, type Actor } from './actor';
import type { Caller } from './callers';
import type { CallerResolver } from './current-user';
import { AppError } from '../http/app-error';

const signInFirst = () => new AppError('unauthorized', 'Please sign in.');

/** The signed-in caller, or a 401 that ends the request. */
export function requireUserWith(resolveCaller: CallerResolver) {
  return async (request: FastifyRequest): Promise<Caller> => {
    const caller = await resolveCaller(request);
    if (!caller) throw signInFirst();
    return caller;
  };
}

export type RequireUser = ReturnType<typeof requireUserWith>;

const callers = new WeakMap<FastifyRequest, Caller>();

/**
 * A route's `onRequest` hook for routes whose input has a schema: who is calling is
 * settled before the input is checked, so a signed-out caller hears 401 whatever it sent,
 * and an upload is refused before its bytes are read. The handler reads the caller with
 * `callerOf`.
 */
export function signedInFirst(requireUser: RequireUser) {
  return async (request: FastifyRequest): Promise<void> => {
    callers.set(request, await requireUser(request));
  };
}

/** The caller `signedInFirst` found for this request. */
export function callerOf(request: FastifyRequest): Caller {
  const caller = callers.get(request);
  if (!caller) throw signInFirst();
  return caller;
}

/** Who acts in this request: the caller `signedInFirst` found, as themselves. */
export function actorOf(request: FastifyRequest): Actor {
  return actingAsThemselves(callerOf(request), request.ip);
}
