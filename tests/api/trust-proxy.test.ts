import { afterEach, describe, expect, it } from 'vitest';
import { clinicKeyLimit } from '../../server/src/rate-limit/auth-limits';
import { startTestServer, type TestServer } from './support/test-server';

/** Clinic keys are counted per client address, so they show which address the server believes. */
async function verifyKey(server: TestServer, forwardedFor: string) {
  const response = await fetch(`${server.url}/api/clinic/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ clinicKey: 'WRONG-KEY' }),
  });
  return response.status;
}

/** Wrong keys, each claiming another address; how many were refused as over the limit. */
async function limitedWhileClaimingNewAddresses(server: TestServer): Promise<number> {
  let limited = 0;
  for (let i = 0; i <= clinicKeyLimit.max + 2; i += 1) {
    if ((await verifyKey(server, `203.0.113.${i + 1}`)) === 429) limited += 1;
  }
  return limited;
}

describe('which client address the server believes', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('ignores X-Forwarded-For by default, even from this machine', async () => {
    server = await startTestServer({ env: { DEMO_USERS: 'false' } });
    expect(await limitedWhileClaimingNewAddresses(server)).toBeGreaterThan(0);
  });

  it('ignores X-Forwarded-For from a peer that is not one of the named proxies', async () => {
    server = await startTestServer({
      env: { DEMO_USERS: 'false', TRUST_PROXY: '10.0.0.5, 192.168.1.0/24' },
    });
    expect(await limitedWhileClaimingNewAddresses(server)).toBeGreaterThan(0);
  });

  it('believes X-Forwarded-For from a named proxy', async () => {
    server = await startTestServer({ env: { DEMO_USERS: 'false', TRUST_PROXY: '127.0.0.0/8' } });
    expect(await limitedWhileClaimingNewAddresses(server)).toBe(0);
  });
});
