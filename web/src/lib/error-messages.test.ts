import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './api-client';
import { errorMessage, errorMessageKey, sharedErrorMessages } from './error-messages';
import { i18n } from './i18n';

const en = i18n.getFixedT('en');
const ne = i18n.getFixedT('ne');
const refused = (status: number, code: string) =>
  new ApiRequestError(status, code as never, 'Server words');

describe('the words for an error code', () => {
  it('says the database is away, in both languages', () => {
    const error = refused(503, 'service_unavailable');
    expect(errorMessage(en, error, 'fallback')).toBe(
      'The database is unavailable at the moment. Please try again in a few seconds.',
    );
    expect(errorMessage(ne, error, 'fallback')).toBe(
      'डाटाबेस अहिले उपलब्ध छैन। कृपया केही सेकेन्डपछि फेरि प्रयास गर्नुहोस्।',
    );
  });

  it('asks to slow down after too many tries, in both languages', () => {
    const error = refused(429, 'rate_limited');
    expect(errorMessage(en, error, 'fallback')).toBe(
      'Too many attempts. Please wait a few minutes and try again.',
    );
    expect(errorMessage(ne, error, 'fallback')).toBe(
      'धेरै पटक प्रयास भयो। कृपया केही मिनेट पर्खेर फेरि प्रयास गर्नुहोस्।',
    );
  });

  it('has words in both languages for every shared code', () => {
    for (const key of Object.values(sharedErrorMessages)) {
      expect(i18n.exists(key, { lng: 'en' })).toBe(true);
      expect(i18n.exists(key, { lng: 'ne' })).toBe(true);
      expect(ne(key)).not.toBe(en(key));
    }
  });

  it("takes a screen's own words for a code before the shared ones", () => {
    const own = {
      rate_limited: 'device.deviceMode.rateLimited',
      invalid_code: 'mfa.errors.invalid_code',
    } as const;
    expect(errorMessageKey('rate_limited', own)).toBe('device.deviceMode.rateLimited');
    expect(errorMessageKey('invalid_code', own)).toBe('mfa.errors.invalid_code');
    expect(errorMessageKey('service_unavailable', own)).toBe('errors.serviceUnavailable');
  });

  it("falls back to the screen's words for a code nobody words, a lost connection or another failure", () => {
    expect(errorMessageKey('something_else')).toBeUndefined();
    expect(errorMessageKey(undefined)).toBeUndefined();
    expect(errorMessage(en, refused(500, 'internal'), 'The message was not sent.')).toBe(
      'The message was not sent.',
    );
    expect(errorMessage(en, new ApiRequestError(0, 'network', 'offline'), 'Not sent.')).toBe(
      'Not sent.',
    );
    expect(errorMessage(en, new Error('boom'), 'Not sent.')).toBe('Not sent.');
  });
});
