import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { ServerErrorCode } from '@shared/api-error';

/**
 * The server as routes see it: each route declares its params, query, body and answers
 * with the `shared/` zod schemas, Fastify checks the input against them before the
 * handler runs, and the handler's types follow from them.
 */
export type ApiServer = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Checks input and writes answers with the routes' zod schemas, for every route at once. */
export function useRouteSchemas(server: FastifyInstance): ApiServer {
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  return server.withTypeProvider<ZodTypeProvider>();
}

/** A route's own answer to input its schema refuses, in place of the schema's first message. */
export interface InputRefusal {
  code: ServerErrorCode;
  message: string;
}

export type InputPart = 'body' | 'params' | 'querystring' | 'headers';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Where a route answers a refused part of its input in its own words (the clinic
     * key's form, the password prompt) or as a missing resource (an unknown id).
     */
    inputRefusals?: Partial<Record<InputPart, InputRefusal>>;
  }
}
