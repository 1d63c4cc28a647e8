import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One `POST /api/dataValueSets` the fake received. */
export interface Dhis2Request {
  path: string;
  query: Record<string, string>;
  contentType: string | undefined;
  /** The basic-auth user and password, as DHIS2 would read them. */
  credentials: { username: string; password: string } | null;
  body: unknown;
}

export interface Dhis2Answer {
  status: number;
  body: unknown;
  /** Milliseconds to wait before answering. */
  delayMs?: number;
}

async function jsonOf(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

function credentialsOf(header: string | undefined): Dhis2Request['credentials'] {
  const match = /^Basic (.+)$/.exec(header ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0
    ? null
    : { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

const keys = ['dataSet', 'period', 'orgUnit', 'completeDate', 'dataValues'];

/** Whether a body is a `dataValueSet` as DHIS2 takes it: its fields, each value a string. */
export function isDataValueSet(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const set = body as Record<string, unknown>;
  if (!keys.every((key) => key in set) || !Array.isArray(set.dataValues)) return false;
  return (
    /^\d{6}$/.test(String(set.period)) &&
    /^\d{4}-\d{2}-\d{2}$/.test(String(set.completeDate)) &&
    set.dataValues.every((value: unknown) => {
      const fields = value as Record<string, unknown>;
      return (
        typeof fields.dataElement === 'string' &&
        typeof fields.categoryOptionCombo === 'string' &&
        typeof fields.value === 'string' &&
        /^\d+$/.test(fields.value)
      );
    })
  );
}

/** DHIS2 2.38+'s answers to `POST /api/dataValueSets`. */
export const dhis2Answers = {
  /** Every value stored (or, on a dry run, would be). */
  imported(count: number): Dhis2Answer {
    return {
      status: 200,
      body: {
        httpStatus: 'OK',
        httpStatusCode: 200,
        status: 'OK',
        message: 'Import was successful.',
        response: {
          responseType: 'ImportSummary',
          status: 'SUCCESS',
          importOptions: { idSchemes: {}, dryRun: false },
          description: 'Import process completed successfully',
          importCount: { imported: count, updated: 0, ignored: 0, deleted: 0 },
          conflicts: [],
        },
      },
    };
  },
  /** Some values refused: a 409 with the import summary and its conflicts. */
  conflicts(imported: number, conflicts: { object: string; value: string }[]): Dhis2Answer {
    return {
      status: 409,
      body: {
        httpStatus: 'Conflict',
        httpStatusCode: 409,
        status: 'WARNING',
        message: 'One more conflicts encountered, please check import summary.',
        response: {
          responseType: 'ImportSummary',
          status: 'WARNING',
          description: 'Import process completed with conflicts',
          importCount: { imported, updated: 0, ignored: conflicts.length, deleted: 0 },
          conflicts: conflicts.map((conflict, index) => ({
            ...conflict,
            objects: { id: conflict.object },
            errorCode: 'E7610',
            property: 'dataElement',
            indexes: [index],
          })),
        },
      },
    };
  },
  unauthorized: {
    status: 401,
    body: {
      httpStatus: 'Unauthorized',
      httpStatusCode: 401,
      status: 'ERROR',
      message: 'Unauthorized',
    },
  } satisfies Dhis2Answer,
};

/**
 * A DHIS2 on loopback: it keeps each `POST /api/dataValueSets`, refuses a wrong password with
 * a 401 as DHIS2 does, and otherwise answers as `answer` says.
 */
export async function startFakeDhis2(
  account: { username: string; password: string },
  answer: (request: Dhis2Request) => Dhis2Answer,
) {
  const received: Dhis2Request[] = [];
  const server = createServer((request, response) => {
    void jsonOf(request).then(async (body) => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const got: Dhis2Request = {
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        contentType: request.headers['content-type'],
        credentials: credentialsOf(request.headers.authorization),
        body,
      };
      received.push(got);
      const signedIn =
        got.credentials?.username === account.username &&
        got.credentials.password === account.password;
      const chosen: Dhis2Answer =
        request.method !== 'POST' || got.path !== '/api/dataValueSets'
          ? { status: 404, body: { httpStatus: 'Not Found', httpStatusCode: 404 } }
          : !signedIn
            ? dhis2Answers.unauthorized
            : answer(got);
      if (chosen.delayMs) await new Promise((resolve) => setTimeout(resolve, chosen.delayMs));
      response.writeHead(chosen.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(chosen.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type FakeDhis2 = Awaited<ReturnType<typeof startFakeDhis2>>;
