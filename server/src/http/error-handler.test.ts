import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import * as classic from 'zod';
import * as z from 'zod/mini';
import { registerErrorHandler } from './error-handler';
import { useRouteSchemas } from './route-schemas';

const servers: { close(): Promise<unknown> }[] = [];

function testServer() {
  const fastify = Fastify({ logger: false });
  servers.push(fastify);
  registerErrorHandler(fastify);
  return useRouteSchemas(fastify);
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const refusal = (code: string, message: string) => ({ error: { code, message } });

describe('the error handler', () => {
  it('answers a zod/mini parse error thrown in a route as a 400, not a 500', async () => {
    const server = testServer();
    server.get('/mini', () => z.string().check(z.minLength(1, 'Please type something')).parse(''));
    const answer = await server.inject('/mini');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual(refusal('validation_failed', 'Please type something'));
  });

  it('answers a classic zod parse error the same way', async () => {
    const server = testServer();
    server.get('/classic', () => classic.string().min(1, 'Please type something').parse(''));
    const answer = await server.inject('/classic');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual(refusal('validation_failed', 'Please type something'));
  });

  it("answers input a route's schema refuses with the schema's first message", async () => {
    const server = testServer();
    const body = z.object({ name: z.string().check(z.minLength(1, 'Please enter a name')) });
    server.post('/named', { schema: { body } }, () => ({ ok: true }));
    const answer = await server.inject({ method: 'POST', url: '/named', payload: { name: '' } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual(refusal('validation_failed', 'Please enter a name'));
  });

  it("answers in the route's own words where it gives them for that part", async () => {
    const server = testServer();
    server.get(
      '/things/:id',
      {
        schema: { params: z.object({ id: z.uuid() }) },
        config: { inputRefusals: { params: { code: 'not_found', message: 'No such thing.' } } },
      },
      () => ({ ok: true }),
    );
    const answer = await server.inject('/things/not-a-uuid');
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual(refusal('not_found', 'No such thing.'));
  });
});
