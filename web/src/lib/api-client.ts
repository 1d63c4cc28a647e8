import { apiErrorSchema, type ErrorCode } from '@shared/api-error';
import {
  accessEndedCode,
  actingForHeader,
  actingForHeaderOf,
  currentActingFor,
  reportCareAccessEnded,
} from './acting-for';
import { onlineStatus, reportNetworkFailure, reportNetworkSuccess } from './online-status';
import { signOutPending } from './pending-sign-out';

/** A refused or failed API call, carrying the server's stable code for translation. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network',
    message: string,
  ) {
    super(message);
  }
}

async function toError(response: Response): Promise<ApiRequestError> {
  const body: unknown = await response.json().catch(() => null);
  const parsed = apiErrorSchema.safeParse(body);
  if (parsed.success) {
    return new ApiRequestError(
      response.status,
      parsed.data.error.code as ErrorCode,
      parsed.data.error.message,
    );
  }
  return new ApiRequestError(response.status, 'internal', response.statusText);
}

const signOutPath = '/api/auth/sign-out';

const unauthorizedListeners = new Set<(path: string) => void>();

/**
 * Hears every 401 our API answers, with the path that got it: the server no longer knows the
 * session (`session.ts` decides what that means for the device). Returns the way to stop.
 */
export function onUnauthorized(listener: (path: string) => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/**
 * Whom requests act for while the outbox delivers an entry written for someone: the entry's
 * patient, or null for the account itself, rather than whom the person acts for now.
 */
let deliveringFor: { actingFor: string | null } | undefined;

/**
 * Runs `work`, whose requests made as it starts (before its first await) act for `actingFor`
 * (null: for the account itself), whoever the person acts for at this moment.
 */
export function actingForDuring<T>(actingFor: string | null, work: () => T): T {
  const before = deliveringFor;
  deliveringFor = { actingFor };
  try {
    return work();
  } finally {
    deliveringFor = before;
  }
}

async function send<T>(path: string, init: RequestInit, actingFor: string | null): Promise<T> {
  const headers = new Headers(init.headers);
  // Acting for someone, every request about a patient says whom for; the server decides
  // on each one whether the grant still holds.
  const forPatient = headers.get(actingForHeader) ?? actingForHeaderOf(path, actingFor);
  if (forPatient !== null) headers.set(actingForHeader, forPatient);
  headers.set('Accept', 'application/json');
  // The server writes mail and messages in the language the person reads the app in.
  headers.set('Accept-Language', document.documentElement.lang || 'en');
  if (init.body !== undefined && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json');
  }
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin', ...init, headers });
  } catch (error) {
    // A request the page gave up on says nothing about the connection.
    if (!(error instanceof DOMException && error.name === 'AbortError')) reportNetworkFailure();
    throw new ApiRequestError(0, 'network', error instanceof Error ? error.message : 'offline');
  }
  reportNetworkSuccess();
  if (response.status === 401) for (const listener of unauthorizedListeners) listener(path);
  if (!response.ok) {
    const error = await toError(response);
    if (forPatient !== null && error.status === 403 && error.code === accessEndedCode) {
      reportCareAccessEnded(forPatient);
    }
    throw error;
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

let delivering: Promise<void> | undefined;

/**
 * Tells the server of a sign-out it has not heard of yet (`pending-sign-out.ts`), once, however
 * many callers wait; resolves at once when there is none. An answer that the session ended, or
 * that there was none to end, clears the mark. No answer, a server error or a limit keeps it,
 * and the call fails with that.
 */
export function deliverPendingSignOut(): Promise<void> {
  if (signOutPending.get() === null) return Promise.resolve();
  delivering ??= send<unknown>(signOutPath, { method: 'POST', body: '{}' }, null)
    .catch((error: unknown) => {
      const noSessionToEnd =
        error instanceof ApiRequestError &&
        error.status >= 400 &&
        error.status < 500 &&
        error.status !== 429;
      if (!noSessionToEnd) throw error;
    })
    .then(() => signOutPending.set(null))
    .finally(() => {
      delivering = undefined;
    });
  return delivering;
}

/** JSON over fetch with the session cookie; throws ApiRequestError for anything but 2xx. */
export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  // Read before anything is awaited, so a request is for whom it was asked for.
  const actingFor = deliveringFor ? deliveringFor.actingFor : currentActingFor();
  // A sign-out made without a connection reaches the server before anything else does, so no
  // request goes out under a session the device has left, and a new sign-in's cookie is never
  // the one a late sign-out ends.
  if (path !== signOutPath) await deliverPendingSignOut();
  return send<T>(path, init, actingFor);
}

// The server hears of a waiting sign-out as soon as it can be reached: at start, and the
// moment the connection returns, rather than at the next request.
const deliverWhenOnline = () => {
  if (onlineStatus.get()) void deliverPendingSignOut().catch(() => undefined);
};
onlineStatus.subscribe(deliverWhenOnline);
deliverWhenOnline();
