import * as z from 'zod/mini';

/**
 * Every refused or failed API call answers with this body. `code` is stable and
 * is what the web app translates; `message` is English for logs and other clients.
 */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
  }),
});

export type ApiError = z.infer<typeof apiErrorSchema>;

export const errorCodes = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'account_protected',
  'service_unavailable',
  'internal',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** The code a 4xx answer means when nothing more specific is known. */
export function codeForClientStatus(status: number): ErrorCode {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 429) return 'rate_limited';
  return 'bad_request';
}
