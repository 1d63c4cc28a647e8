import { afterEach, describe, expect, it } from 'vitest';
import { databaseVariants, startTestServer, type TestServer } from './support/test-server';

describe.each(databaseVariants)('GET /api/health on the $name database', (variant) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('answers 200 {"status":"ok"} while the database is usable', async () => {
    server = await startTestServer({ variant });
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 once the database is gone', async () => {
    server = await startTestServer({ variant });
    await server.database.close();
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'unavailable' });
  });
});
