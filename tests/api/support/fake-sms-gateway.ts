import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type RequestListener } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { selfSignedCertificate } from './test-certificate';

/** One request a fake gateway received: its path, its content type and its form fields. */
export interface GatewayRequest {
  path: string;
  contentType: string | undefined;
  fields: Record<string, string>;
}

export interface GatewayAnswer {
  status: number;
  body: unknown;
}

async function formOf(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

/**
 * A text-message gateway on loopback that keeps what it was sent and answers as `answer`
 * says, the way Sparrow's or Aakash's API answers: the tests' stand-in for the real one.
 * With `https`, on `https://localhost` with a certificate of its own, which a server process
 * trusts through NODE_EXTRA_CA_CERTS (`certificateFile`), as production's gateway is https.
 */
export async function startFakeGateway(
  answer: (request: GatewayRequest) => GatewayAnswer | Promise<GatewayAnswer>,
  gatewayPath: string,
  options: { https?: boolean } = {},
) {
  const received: GatewayRequest[] = [];
  const listener: RequestListener = (request, response) => {
    void formOf(request).then(async (fields) => {
      const got = {
        path: request.url ?? '',
        contentType: request.headers['content-type'],
        fields,
      };
      received.push(got);
      // An answer may take its time: a gateway holding a request while its sender is killed.
      const { status, body } = await answer(got);
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    });
  };
  const folder = options.https ? mkdtempSync(path.join(tmpdir(), 'sewa-sms-')) : undefined;
  const certificate = folder ? selfSignedCertificate(folder) : undefined;
  const server = certificate
    ? createHttpsServer(
        { key: readFileSync(certificate.key), cert: readFileSync(certificate.cert) },
        listener,
      )
    : createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: certificate
      ? `https://localhost:${port}${gatewayPath}`
      : `http://127.0.0.1:${port}${gatewayPath}`,
    /** The certificate's file, for NODE_EXTRA_CA_CERTS; none over http. */
    certificateFile: certificate?.cert,
    received,
    close: () =>
      new Promise<void>((resolve) =>
        server.close(() => {
          if (folder) rmSync(folder, { recursive: true, force: true });
          resolve();
        }),
      ),
  };
}
export type FakeGateway = Awaited<ReturnType<typeof startFakeGateway>>;

/** Sparrow's answers: queued, and its refusals by `response_code`. */
export const sparrowAnswers = {
  queued: {
    status: 200,
    body: { count: 1, response_code: 200, response: '1 mesages has been queued for delivery' },
  },
  refused: (code: number, response: string) => ({
    status: 403,
    body: { response_code: code, response },
  }),
};

/** Aakash's answers: queued for the number, and its refusals. */
export const aakashAnswers = {
  queued: (to: string) => ({
    status: 200,
    body: {
      error: false,
      message: '1 messages has been queued for delivery.',
      data: {
        valid: [{ id: 1, mobile: `977${to}`, credit: 1, network: 'ncell', status: 'queued' }],
        invalid: [],
      },
    },
  }),
  invalidNumber: (to: string) => ({
    status: 200,
    body: {
      error: false,
      message: '0 messages has been queued for delivery.',
      data: { valid: [], invalid: [{ mobile: to, credit: 0, network: 'N/A', status: 'aborted' }] },
    },
  }),
  refused: (status: number, message: string) => ({
    status,
    body: { error: true, message, data: [] },
  }),
};
