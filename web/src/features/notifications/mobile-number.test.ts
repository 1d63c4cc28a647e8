import { describe, expect, it } from 'vitest';
import { nepaliMobileNumber } from './mobile-number';

describe('nepaliMobileNumber', () => {
  it('takes a Nepali mobile with or without +977, spaces or dashes', () => {
    expect(nepaliMobileNumber('9812345678')).toBe('+9779812345678');
    expect(nepaliMobileNumber('+977 981-234-5678')).toBe('+9779812345678');
    expect(nepaliMobileNumber('977 9712345678')).toBe('+9779712345678');
    expect(nepaliMobileNumber(' 98 1234 5678 ')).toBe('+9779812345678');
  });

  it('refuses landlines, foreign numbers and wrong lengths', () => {
    expect(nepaliMobileNumber('014123456')).toBeNull();
    expect(nepaliMobileNumber('+919812345678')).toBeNull();
    expect(nepaliMobileNumber('981234567')).toBeNull();
    expect(nepaliMobileNumber('98123456789')).toBeNull();
    expect(nepaliMobileNumber('9612345678')).toBeNull();
    expect(nepaliMobileNumber('')).toBeNull();
  });
});
