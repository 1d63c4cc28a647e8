import { request, type Agent, type IncomingMessage } from 'node:http';

export interface StreamReader {
  /** Settles once the server says `ready`. */
  ready: Promise<void>;
  heartbeats: number;
  closedByServer: boolean;
  close(): void;
}

/**
 * One Server-Sent Events stream of the app (`path` under `url`), read line by line as a
 * browser would; `onEvent` gets each event but `ready` with its raw data.
 */
export function readEventStream(
  url: string,
  path: string,
  cookie: string,
  agent: Agent,
  onEvent: (event: string, data: string) => void,
): StreamReader {
  let markReady: () => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    fail = reject;
  });
  let closing = false;
  const state: StreamReader = {
    ready,
    heartbeats: 0,
    closedByServer: false,
    close: () => {
      closing = true;
      req.destroy();
    },
  };
  const req = request(
    `${url}${path}`,
    { agent, headers: { cookie } },
    (response: IncomingMessage) => {
      if (response.statusCode !== 200) {
        fail(new Error(`The event stream ${path} answered ${response.statusCode}`));
        response.resume();
        return;
      }
      response.setEncoding('utf8');
      let buffer = '';
      let event = '';
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, end);
          buffer = buffer.slice(end + 1);
          if (line.startsWith(': heartbeat')) state.heartbeats += 1;
          else if (line.startsWith('event: ')) event = line.slice(7);
          else if (line.startsWith('data: ')) {
            if (event === 'ready') markReady();
            else onEvent(event, line.slice(6));
          } else if (line === '') event = '';
        }
      });
      response.on('close', () => {
        if (!closing) state.closedByServer = true;
      });
    },
  );
  req.on('error', (error) => {
    if (!closing) fail(error);
  });
  req.end();
  return state;
}
