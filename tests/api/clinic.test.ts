import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseVariants, startTestServer, type TestServer } from './support/test-server';

describe.each(databaseVariants)('POST /api/clinic/verify on the $name database', (variant) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      variant,
      env: { CLINIC_KEYS: 'DEV-CLINIC-01, north-clinic-7', TRUST_PROXY: '127.0.0.1' },
    });
  });
  afterAll(() => server.close());

  /** Each test speaks from its own address (the server believes the test as its proxy). */
  let address = 0;
  const verify = (clinicKey: unknown, ip = `10.0.0.${++address}`) =>
    fetch(`${server.url}/api/clinic/verify`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
      body: JSON.stringify({ clinicKey }),
    });

  it.each(['DEV-CLINIC-01', '  dev-clinic-01 ', 'Dev-Clinic-01', '\tNORTH-CLINIC-7\n'])(
    'accepts an allowed key whatever its case and surrounding space: %j',
    async (key) => {
      const response = await verify(key);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ok: true });
    },
  );

  it.each(['DEV-CLINIC-02', 'DEV-CLINIC-0', 'DEV CLINIC 01', 'PILOT-2026'])(
    'refuses a key that is not allowed: %j',
    async (key) => {
      const response = await verify(key);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: { code: 'invalid_clinic_key', message: 'Invalid clinic key' },
      });
    },
  );

  it.each(['', '   ', null, 42])('refuses an empty or missing key: %j', async (key) => {
    const response = await verify(key);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string } };
    expect(body.error.code).toBe('validation_failed');
  });

  it('stops an address after ten attempts in ten minutes, even for the right key', async () => {
    const ip = '10.9.9.9';
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await verify(`WRONG-${attempt}`, ip)).status).toBe(400);
    }
    const limited = await verify('WRONG-11', ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ error: { code: 'rate_limited' } });

    // Otherwise the 200 would tell a guesser which key is right.
    expect((await verify('DEV-CLINIC-01', ip)).status).toBe(429);
    // Another address is not affected.
    expect((await verify('DEV-CLINIC-01', '10.9.9.10')).status).toBe(200);
  });
});
