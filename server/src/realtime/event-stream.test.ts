import { EventEmitter } from 'node:events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { openEventStream } from './event-stream';

/** A request and reply as Node gives them, enough for a stream: the client can go away. */
function connection() {
  const request = new EventEmitter();
  const response = Object.assign(new EventEmitter(), {
    writableLength: 0,
    writeHead: vi.fn(),
    write: vi.fn(),
    end: vi.fn(),
    destroy: vi.fn(),
  });
  const reply = { hijack: vi.fn(), raw: response } as unknown as FastifyReply;
  return { request: { raw: request } as unknown as FastifyRequest, reply, client: request };
}

describe('openEventStream', () => {
  it('runs its close callbacks once when the client goes away', () => {
    const { request, reply, client } = connection();
    const stream = openEventStream(request, reply);
    const closed = vi.fn();
    stream.onClose(closed);
    client.emit('close');
    client.emit('close');
    expect(closed).toHaveBeenCalledTimes(1);
  });

  it('runs a callback given after the client went away at once', () => {
    const { request, reply, client } = connection();
    const stream = openEventStream(request, reply);
    client.emit('close');
    const late = vi.fn();
    stream.onClose(late);
    expect(late).toHaveBeenCalledTimes(1);
  });
});
