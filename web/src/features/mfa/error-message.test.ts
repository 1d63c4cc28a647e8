import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { mfaErrorKey } from './error-message';

const refused = (code: string) => new ApiRequestError(400, code as never, 'Server words');

describe('second-factor error wording', () => {
  it('asks for a verified phone when text-message codes are turned on without one', () => {
    const key = mfaErrorKey(refused('phone_not_enrolled'));
    expect(key).toBe('mfa.errors.phone_not_enrolled');
    expect(i18n.getFixedT('en')(key)).toBe(
      'Add and verify a phone number before turning on sign-in codes by text message.',
    );
    expect(i18n.getFixedT('ne')(key)).toBe(
      'मोबाइल सन्देश (SMS) मार्फत साइन इन कोड पाउन पहिले फोन नम्बर थपेर प्रमाणित गर्नुहोस्।',
    );
  });

  it('asks for a Nepali mobile when the number is outside the countries the server texts', () => {
    const key = mfaErrorKey(refused('phone_country_not_allowed'));
    expect(key).toBe('mfa.errors.phone_country_not_allowed');
    expect(i18n.getFixedT('en')(key)).toBe(
      'Codes cannot be texted to this number. Please enter a Nepali mobile number.',
    );
    expect(i18n.getFixedT('ne')(key)).toBe('यो नम्बरमा कोड पठाउन मिल्दैन। नेपाली मोबाइल नम्बर लेख्नुहोस्।');
  });

  it('falls back to the generic words for a code it does not know', () => {
    expect(mfaErrorKey(refused('something_else'))).toBe('mfa.errors.generic');
  });
});

describe('second-factor error wording for the codes every screen shares', () => {
  it('reads the shared words for too many tries and the database away', () => {
    expect(mfaErrorKey(refused('rate_limited'))).toBe('errors.rateLimited');
    expect(mfaErrorKey(refused('service_unavailable'))).toBe('errors.serviceUnavailable');
  });
});
