import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/src/config';
import { openDatabase } from '../../../server/src/db/database';
import { runKillRestart, type WriteStep } from './kill-restart';

let address = 0;

/**
 * Sign-ups as the write: each key is an e-mail address that must end up as exactly
 * one account. (The message stream plugs in here as another WriteStep.)
 */
const signUps: WriteStep = {
  name: 'kill',
  async send(url, key) {
    address += 1;
    const response = await fetch(`${url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: url,
        'x-forwarded-for': `10.88.${(address >> 8) & 255}.${address & 255}`,
      },
      body: JSON.stringify({
        email: `${key}@example.com`,
        password: 'kill-pass-2026',
        name: '',
        inviteCode: 'PILOT-2026',
      }),
    });
    await response.arrayBuffer();
    return response.ok;
  },
  async stored(env, keys) {
    const config = loadConfig({ ...env, NODE_ENV: 'test' });
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
    });
    try {
      const rows = await database.db.selectFrom('user').select('email').execute();
      const counts = new Map(keys.map((key) => [key, 0]));
      for (const { email } of rows) {
        const key = email.replace(/@example\.com$/, '');
        if (counts.has(key)) counts.set(key, counts.get(key)! + 1);
      }
      return counts;
    } finally {
      await database.close();
    }
  },
};

describe('the server killed with SIGKILL in the middle of a stream of writes', () => {
  it('keeps every acknowledged write exactly once, and retried writes are not doubled', async () => {
    const result = await runKillRestart(signUps, { total: 40, killAfter: 12, clients: 4 });

    expect(result.acknowledgedBeforeKill.length).toBeGreaterThanOrEqual(12);
    expect(result.retried.length, 'some writes were cut off by the kill').toBeGreaterThan(0);
    const wrong = result.keys.filter((key) => result.stored.get(key) !== 1);
    expect(
      wrong.map((key) => `${key}: ${result.stored.get(key)}`),
      'every write stored exactly once',
    ).toEqual([]);
  }, 240_000);
});
