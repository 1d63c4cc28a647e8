import { describe, expect, it } from 'vitest';
import { confirmationLandingPath, confirmationOutcomeIn } from './confirmation-landing';

describe('confirmationOutcomeIn', () => {
  it('reads a confirmed address from the landing path', () => {
    expect(confirmationOutcomeIn(new URL(confirmationLandingPath, 'http://x').search)).toBe(
      'confirmed',
    );
  });

  it('reads a link that no longer works from the error the account system adds', () => {
    expect(confirmationOutcomeIn('?confirmed=1&error=INVALID_TOKEN')).toBe('refused');
    expect(confirmationOutcomeIn('?confirmed=1&error=TOKEN_EXPIRED')).toBe('refused');
  });

  it('says nothing on a sign-in page opened any other way', () => {
    expect(confirmationOutcomeIn('')).toBeNull();
    expect(confirmationOutcomeIn('?email=a%40example.com&code=123456')).toBeNull();
  });
});
