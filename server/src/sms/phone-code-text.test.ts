import { describe, expect, it } from 'vitest';
import { phoneCodeText } from './phone-code-text';
import { smsSegments } from './sms-segments';

const lifetimes = [1, 5, 10, 15, 60];

describe('a phone code’s text', () => {
  it.each(
    (['en', 'ne'] as const).flatMap((language) => lifetimes.map((m) => [language, m] as const)),
  )(
    '%s, %i minutes: one line within two parts, with the code as typed and no word of mail',
    (language, minutes) => {
      const { text } = phoneCodeText(language, '+9779812345678', '482913', minutes);
      expect(smsSegments(text)).toBeLessThanOrEqual(2);
      expect(text).not.toContain('\n');
      expect(text).toContain(' 482913');
      expect(text).not.toMatch(/mail|इमेल|इ-मेल|ई-मेल|ईमेल/i);
    },
  );

  it('says the lifetime in the reader’s digits', () => {
    expect(phoneCodeText('en', '+9779812345678', '482913', 5).text).toBe(
      'Sewa: your security code is 482913. It works once, for 5 minutes. Do not share it with anyone.',
    );
    expect(phoneCodeText('ne', '+9779812345678', '482913', 5).text).toBe(
      'सेवा: तपाईंको सुरक्षा कोड 482913 हो। यो एक पटक, ५ मिनेटसम्म मात्र चल्छ। कोड कसैलाई नदिनुहोस्।',
    );
  });
});
