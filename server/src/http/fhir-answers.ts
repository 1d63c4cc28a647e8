import type { FastifyInstance } from 'fastify';
import type { ApiError } from '@shared/api-error';
import { fhirJsonType } from '@shared/fhir';
import { operationOutcome } from '../fhir/operation-outcome';
import { AppError } from './app-error';

/** The app's error an answer's body carries (`{ error: { code, message } }`), if it is one. */
export function appErrorIn(payload: unknown): ApiError['error'] | null {
  if (typeof payload !== 'string') return null;
  try {
    const parsed = JSON.parse(payload) as Partial<ApiError> | null;
    const error = parsed?.error;
    return typeof error?.code === 'string' && typeof error.message === 'string' ? error : null;
  } catch {
    return null;
  }
}

/**
 * Answers within the FHIR API as FHIR clients read them: `application/fhir+json`, and an
 * error as an OperationOutcome. Which error, with which status and message, is still decided
 * in one place for the whole server (`error-handler.ts`); it is only written out here in
 * FHIR's form. A path under the API that names nothing it serves is a missing resource.
 */
export function fhirAnswers(api: FastifyInstance): void {
  api.setNotFoundHandler(() => {
    throw new AppError('not_found', 'This server has no such resource type or interaction.');
  });
  api.addHook('onSend', async (_request, reply, payload) => {
    void reply.type(`${fhirJsonType}; charset=utf-8`);
    const error = reply.statusCode >= 400 ? appErrorIn(payload) : null;
    return error ? JSON.stringify(operationOutcome(error.code, error.message)) : payload;
  });
}
