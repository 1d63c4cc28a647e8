import type { FastifyError, FastifyInstance } from 'fastify';
import { codeForClientStatus, type ApiError, type ErrorCode } from '@shared/api-error';
import { ZodError } from 'zod';
import { AppError } from './app-error';

function body(code: ErrorCode, message: string): ApiError {
  return { error: { code, message } };
}

/**
 * One place decides what a failure looks like to a client: a stable code, a
 * plain message, and never internal detail for a 5xx.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(body(error.code, error.message));
    }
    if (error instanceof ZodError) {
      const issue = error.issues[0];
      return reply.status(400).send(body('validation_failed', issue?.message ?? 'Invalid input'));
    }
    const status =
      'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(body(codeForClientStatus(status), error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(body('internal', 'Something went wrong. Please try again.'));
  });
}
