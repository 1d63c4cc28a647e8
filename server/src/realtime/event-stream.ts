import type { FastifyReply, FastifyRequest } from 'fastify';
import { noStoreHeader } from '../http/no-store';

/** Comment lines this often keep proxies and mobile networks from closing an idle stream. */
export const heartbeatMs = 20_000;

/**
 * A client this far behind (a stalled phone) is cut off rather than buffered without end;
 * its browser reconnects and catches up on what it missed.
 */
const maxBacklogBytes = 1024 * 1024;

/** How long a browser waits before reconnecting a dropped stream. */
const reconnectMs = 3_000;

export interface EventStream {
  send(event: string, data: string): void;
  /** Runs when the client goes away or the server ends the stream (at once, if it has). */
  onClose(callback: () => void): void;
  /** Ends the stream; with `retryMs`, the browser reconnects after that long instead. */
  end(retryMs?: number): void;
}

/**
 * Turns a request into a Server-Sent Events stream. The reply is taken over from
 * Fastify: compression and buffering would hold events back.
 */
export function openEventStream(request: FastifyRequest, reply: FastifyReply): EventStream {
  reply.hijack();
  const response = reply.raw;
  response.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    ...noStoreHeader,
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
    'X-Content-Type-Options': 'nosniff',
  });
  response.write(`retry: ${reconnectMs}\n\n`);
  const heartbeat = setInterval(() => response.write(': heartbeat\n\n'), heartbeatMs);
  const callbacks: (() => void)[] = [];
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    for (const callback of callbacks) callback();
  };
  request.raw.on('close', close);
  response.on('close', close);
  return {
    send(event, data) {
      if (closed) return;
      if (response.writableLength > maxBacklogBytes) {
        close();
        response.destroy();
        return;
      }
      response.write(`event: ${event}\ndata: ${data}\n\n`);
    },
    onClose(callback) {
      // A stream that closed before its owner got here (the client left while the route was
      // still awaiting) runs the callback at once, so nothing it would undo is left behind.
      if (closed) callback();
      else callbacks.push(callback);
    },
    end(retryMs) {
      if (!closed && retryMs !== undefined) response.write(`retry: ${retryMs}\n\n`);
      close();
      response.end();
    },
  };
}
