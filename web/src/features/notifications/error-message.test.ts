import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { notificationsErrorKey } from './error-message';
import { PushUnavailableError } from './push-device';

const words = (error: unknown) => i18n.t(notificationsErrorKey(error));

describe('notificationsErrorKey', () => {
  it('says why push cannot be turned on, in words', () => {
    expect(words(new PushUnavailableError('denied'))).toMatch(/blocked/);
    expect(words(new DOMException('Registration failed', 'AbortError'))).toMatch(
      /push service could not be reached/,
    );
    expect(
      words(new ApiRequestError(400, 'push_endpoint_refused', 'This push service is not allowed.')),
    ).toBe("This browser's push service is not one Sewa can send to.");
  });

  it('reads the phone codes as Privacy & Security does, and anything else as a retry', () => {
    expect(words(new ApiRequestError(400, 'invalid_otp', 'Invalid OTP'))).toMatch(
      /code is not right/,
    );
    expect(words(new ApiRequestError(500, 'internal', 'x'))).toMatch(/try again/);
  });
});
