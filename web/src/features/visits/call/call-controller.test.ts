import { describe, expect, it } from 'vitest';
import { compareSignalIds } from './call-controller';

describe('compareSignalIds', () => {
  it('orders the decimal ids as numbers, with no signal yet before every one', () => {
    expect(compareSignalIds('9', '10')).toBeLessThan(0);
    expect(compareSignalIds('10', '9')).toBeGreaterThan(0);
    expect(compareSignalIds('42', '42')).toBe(0);
    expect(compareSignalIds('', '0')).toBeLessThan(0);
    expect(compareSignalIds('0', '1')).toBeLessThan(0);
    expect(compareSignalIds('123456789012345678', '99')).toBeGreaterThan(0);
  });
});
