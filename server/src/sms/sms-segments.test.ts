import { describe, expect, it } from 'vitest';
import { smsSegments } from './sms-segments';

describe('text message parts', () => {
  it('counts English in the 7-bit alphabet: 160 in one part, 153 each in several', () => {
    expect(smsSegments('a'.repeat(160))).toBe(1);
    expect(smsSegments('a'.repeat(161))).toBe(2);
    expect(smsSegments('a'.repeat(306))).toBe(2);
    expect(smsSegments('a'.repeat(307))).toBe(3);
    // The extension table's characters take two places.
    expect(smsSegments('€'.repeat(80))).toBe(1);
    expect(smsSegments('€'.repeat(81))).toBe(2);
  });

  it('counts Nepali as UCS-2: 70 in one part, 67 each in several', () => {
    expect(smsSegments('क'.repeat(70))).toBe(1);
    expect(smsSegments('क'.repeat(71))).toBe(2);
    expect(smsSegments('क'.repeat(134))).toBe(2);
    expect(smsSegments('क'.repeat(135))).toBe(3);
  });
});
