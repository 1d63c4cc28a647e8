import { describe, expect, it } from 'vitest';
import { isServedNumber } from './served-numbers';

describe('a number codes may be texted to', () => {
  it('is a Nepali mobile when the server serves Nepal alone', () => {
    expect(isServedNumber('+9779812345678', ['977'])).toBe(true);
    expect(isServedNumber('+9779701234567', ['977'])).toBe(true);
    for (const phone of ['+97714412345', '+9779612345678', '+919812345678', '+14155550100']) {
      expect(isServedNumber(phone, ['977']), phone).toBe(false);
    }
  });

  it('is any number under another calling code the server lists', () => {
    expect(isServedNumber('+919812345678', ['977', '91'])).toBe(true);
    expect(isServedNumber('+14155550100', ['977', '91'])).toBe(false);
    // Still no Nepali landline: it takes no text.
    expect(isServedNumber('+97714412345', ['977', '91'])).toBe(false);
    expect(isServedNumber('+9779812345678', ['91'])).toBe(false);
  });
});
