import { describe, expect, it } from 'vitest';
import { callLength } from './call-screen';

describe('callLength', () => {
  it('reads as a clock from the moment both were in', () => {
    expect(callLength(0)).toBe('0:00');
    expect(callLength(65_400)).toBe('1:05');
    expect(callLength(59 * 60_000 + 59_999)).toBe('59:59');
    expect(callLength(3_600_000 + 2 * 60_000 + 3_000)).toBe('1:02:03');
    // A clock a little behind the server's never reads below zero.
    expect(callLength(-4_000)).toBe('0:00');
  });
});
