import { describe, expect, it } from 'vitest';
import { nepalMobileDigits } from './nepal-mobile';

describe('a Nepali mobile number', () => {
  it('is ten digits for the gateway, typed with or without +977', () => {
    for (const typed of [
      '+9779812345678',
      '+977 981-234-5678',
      '9779812345678',
      '009779812345678',
      '9812345678',
      '974 1234567',
    ]) {
      expect(nepalMobileDigits(typed), typed).toMatch(/^9[78]\d{8}$/);
    }
    expect(nepalMobileDigits('+977 9812345678')).toBe('9812345678');
  });

  it('is not a landline, a foreign number or a short one', () => {
    for (const typed of [
      '+97714412345',
      '014412345',
      '+919812345678',
      '981234567',
      '98123456789',
      'abc',
    ]) {
      expect(nepalMobileDigits(typed), typed).toBeNull();
    }
  });
});
