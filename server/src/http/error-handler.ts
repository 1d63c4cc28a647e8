import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { codeForClientStatus, type ApiError, type ApiErrorCode } from '@shared/api-error';
import { $ZodError } from 'zod/v4/core';
import { fhirBasePath, fhirJsonType } from '@shared/fhir';
import { operationOutcome } from '../fhir/operation-outcome';
import { AccountSystemRefusal, AppError } from './app-error';

function body(code: ApiErrorCode, message: string): ApiError {
  return { error: { code, message } };
}

/**
 * PostgreSQL refuses text it cannot store (a NUL character, an invalid byte
 * sequence); that is the client's input, not a server failure.
 */
function isUnstorableText(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : null;
  return code === '22021' || code === '22P05';
}

export const databaseUnavailable =
  'The database is unavailable at the moment. Please try again in a few seconds.';

/** The one answer while the database cannot be reached: 503, and when to try again. */
export function sendDatabaseUnavailable(reply: FastifyReply): FastifyReply {
  return reply
    .status(503)
    .header('Retry-After', '5')
    .type('application/json; charset=utf-8')
    .send(body('service_unavailable', databaseUnavailable));
}

function sendAppError(reply: FastifyReply, error: AppError): FastifyReply {
  if (error.retryAfterSeconds !== undefined) {
    void reply.header('Retry-After', String(error.retryAfterSeconds));
  }
  return reply.status(error.statusCode).send(body(error.code, error.message));
}

/**
 * Input a route's schema refused: the route's own answer for that part where it has one
 * (`inputRefusals` in its config), else 400 with the schema's first message.
 */
function inputRefusal(request: FastifyRequest, error: FastifyError | Error): AppError | undefined {
  const issues = 'validation' in error ? error.validation : undefined;
  if (!Array.isArray(issues)) return undefined;
  const part = (error as FastifyError).validationContext;
  const own = part === undefined ? undefined : request.routeOptions.config.inputRefusals?.[part];
  if (own) return new AppError(own.code, own.message);
  const [first] = issues;
  return new AppError('validation_failed', first?.message ?? 'Invalid input');
}

const connectionErrorCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  // PostgreSQL: connection exceptions and the server shutting down.
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
]);

/** A failure to reach the database, as the PostgreSQL client reports it. */
function isDatabaseConnectionError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = 'code' in error ? error.code : undefined;
  if (typeof code === 'string' && connectionErrorCodes.has(code)) return true;
  const message = 'message' in error && typeof error.message === 'string' ? error.message : '';
  return /Connection terminated|timeout exceeded when trying to connect|connection error/i.test(
    message,
  );
}

/**
 * One place decides what a failure looks like to a client: a stable code, a
 * plain message, and never internal detail for a 5xx.
 */
export function registerErrorHandler(
  app: FastifyInstance,
  options: { databaseUsable?: () => Promise<boolean> } = {},
): void {
  app.setErrorHandler(async (error: FastifyError | Error, request, reply) => {
    if (error instanceof AppError) return sendAppError(reply, error);
    if (error instanceof AccountSystemRefusal) {
      return reply.status(error.statusCode).send(body(error.code, error.message));
    }
    const refused = inputRefusal(request, error);
    if (refused) return sendAppError(reply, refused);
    if (isUnstorableText(error)) {
      return reply
        .status(400)
        .send(body('validation_failed', 'The request contains characters that cannot be stored.'));
    }
    // Classic zod's ZodError and zod/mini's $ZodError alike: both carry the `$ZodError` trait.
    if (error instanceof $ZodError) {
      const issue = error.issues[0];
      return reply.status(400).send(body('validation_failed', issue?.message ?? 'Invalid input'));
    }
    const status =
      'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(body(codeForClientStatus(status), error.message));
    }
    // The account system wraps database failures in its own errors, so a failure
    // that does not name the database is checked against it before calling it ours.
    if (
      isDatabaseConnectionError(error) ||
      (options.databaseUsable !== undefined && !(await options.databaseUsable()))
    ) {
      request.log.warn({ err: error }, 'database unavailable');
      return sendDatabaseUnavailable(reply);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(body('internal', 'Something went wrong. Please try again.'));
  });
}

/**
 * Errors Fastify raises before a route is found (a path parameter over the length
 * limit, a malformed URL) skip the error handler; they get the same shape here.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode !== undefined && error.statusCode < 500 ? error.statusCode : 400;
  const code = codeForClientStatus(status);
  const message = 'The request could not be read.';
  // FHIR clients read errors as OperationOutcomes, even before a route is found.
  if (request.url.startsWith(`${fhirBasePath}/`)) {
    void reply
      .status(status)
      .type(`${fhirJsonType}; charset=utf-8`)
      .send(operationOutcome(code, message));
    return;
  }
  void reply.status(status).send(body(code, message));
}

/**
 * Requests Node cannot even parse (headers or URL over the size limit, broken
 * framing) are answered on the socket before Fastify sees them; in the same shape.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message]: [number, string, string] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'The request is too large.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request took too long.']
        : [400, 'Bad Request', 'The request could not be read.'];
  const text = JSON.stringify(body('bad_request', message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(text)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(error);
}
