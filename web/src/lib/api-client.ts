import { apiErrorSchema, type ErrorCode } from '@shared/api-error';
import { reportNetworkFailure, reportNetworkSuccess } from './online-status';

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

/** JSON over fetch with the session cookie; throws ApiRequestError for anything but 2xx. */
export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
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
  if (!response.ok) throw await toError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
