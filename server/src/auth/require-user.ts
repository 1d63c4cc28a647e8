import type { FastifyRequest } from 'fastify';
import { actingForHeader, actingForSchema } from '@shared/care-permissions';
import type { Actor } from './actor';
import type { Caller } from './callers';
import type { CallerResolver } from './current-user';
import { AppError } from '../http/app-error';

const signInFirst = () => new AppError('unauthorized', 'Please sign in.');

/** Whether the caller holds any grant of the patient's: what lets them act for them at all. */
export type MayActFor = (callerId: string, patientId: string) => Promise<boolean>;

/**
 * The signed-in caller, or a 401 that ends the request; and for whom they act, checked
 * against the care circle on every request.
 */
export function requireUserWith(resolveCaller: CallerResolver, mayActFor: MayActFor) {
  const requireUser = async (request: FastifyRequest): Promise<Caller> => {
    const caller = await resolveCaller(request);
    if (!caller) throw signInFirst();
    return caller;
  };
  /**
   * The patient a caller names, when the caller may act for them: the name only says whom the
   * caller means, never what they may do (the access rule asks the grant for each action). A
   * grant that ended answers `care_access_ended`, so the device erases what it kept of them.
   */
  const actingForNamed = async (caller: Caller, named: unknown): Promise<string | null> => {
    if (named === undefined || named === '') return null;
    const patient = actingForSchema.safeParse(named);
    if (!patient.success || patient.data === caller.id) {
      throw new AppError('bad_request', 'The acting-for header names no patient.');
    }
    if (!(await mayActFor(caller.id, patient.data))) {
      throw new AppError('care_access_ended', 'You no longer have access to this person.');
    }
    return patient.data;
  };
  return Object.assign(requireUser, {
    /** The patient named by the acting-for header (see `actingForNamed`). */
    actingFor: (request: FastifyRequest, caller: Caller) =>
      actingForNamed(caller, request.headers[actingForHeader]),
    /** The same, for an event stream, which a browser opens without headers: named in its query. */
    actingForNamed,
  });
}

export type RequireUser = ReturnType<typeof requireUserWith>;

const actors = new WeakMap<FastifyRequest, { caller: Caller; onBehalfOf: string | null }>();

/**
 * A route's `onRequest` hook for routes whose input has a schema: who is calling, and for
 * whom, is settled before the input is checked, so a signed-out caller hears 401 whatever it
 * sent, and an upload is refused before its bytes are read. The handler reads the caller with
 * `callerOf` and the actor with `actorOf`.
 */
export function signedInFirst(requireUser: RequireUser) {
  return async (request: FastifyRequest): Promise<void> => {
    const caller = await requireUser(request);
    actors.set(request, { caller, onBehalfOf: await requireUser.actingFor(request, caller) });
  };
}

/** The caller `signedInFirst` found for this request. */
export function callerOf(request: FastifyRequest): Caller {
  const found = actors.get(request);
  if (!found) throw signInFirst();
  return found.caller;
}

/** Who acts in this request: the caller `signedInFirst` found, and the patient they act for. */
export function actorOf(request: FastifyRequest): Actor {
  const found = actors.get(request);
  if (!found) throw signInFirst();
  return { caller: found.caller, address: request.ip, onBehalfOf: found.onBehalfOf };
}
