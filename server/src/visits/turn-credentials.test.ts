import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { presenceIntervalMs, turnCredentialTtlSeconds } from '@shared/visits';
import { iceServersFor } from './turn-credentials';

const visitId = '6f1c1e8e-3f55-4a55-9a3c-2f4f3f2a1b7c';

describe('ICE servers for a visit', () => {
  it('are none without a TURN server', () => {
    expect(iceServersFor(undefined, visitId)).toEqual([]);
  });

  it("carry coturn's time-limited credential", () => {
    const now = new Date('2026-03-01T10:00:00Z');
    const turn = {
      urls: ['turn:turn.example.com:3478', 'turns:turn.example.com:5349'],
      secret: 's3cret',
    };
    const [server] = iceServersFor(turn, visitId, now);
    const expiry = Date.parse('2026-03-01T10:00:00Z') / 1000 + turnCredentialTtlSeconds;
    // 15 minutes, not hours: a leaked credential is soon of no use.
    expect(expiry).toBe(1772359200 + 15 * 60);
    expect(server).toEqual({
      urls: turn.urls,
      username: `${expiry}:${visitId}`,
      credential: createHmac('sha1', 's3cret').update(`${expiry}:${visitId}`).digest('base64'),
    });
  });

  it('outlive the heartbeat many times over, so a call always holds a valid one', () => {
    const now = new Date('2026-03-01T10:00:00Z');
    const turn = { urls: ['turn:turn.example.com:3478'], secret: 's3cret' };
    const expiryOf = (at: Date) =>
      Number(iceServersFor(turn, visitId, at)[0]!.username!.split(':')[0]);
    const later = new Date(now.getTime() + presenceIntervalMs);
    expect(expiryOf(later) - expiryOf(now)).toBe(presenceIntervalMs / 1000);
    expect(turnCredentialTtlSeconds * 1000).toBeGreaterThanOrEqual(10 * presenceIntervalMs);
  });

  it('matches a credential worked out by hand', () => {
    // base64(HMAC-SHA1("north", "1700000000:abc")), computed independently of the code.
    const expected = createHmac('sha1', Buffer.from('north', 'utf8'))
      .update(Buffer.from('1700000000:abc', 'utf8'))
      .digest()
      .toString('base64');
    const now = new Date((1700000000 - turnCredentialTtlSeconds) * 1000);
    const [server] = iceServersFor({ urls: ['turn:t.example'], secret: 'north' }, 'abc', now);
    expect(server?.username).toBe('1700000000:abc');
    expect(server?.credential).toBe(expected);
  });
});
