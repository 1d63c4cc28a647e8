import { describe, expect, it } from 'vitest';
import { mailDates, oneTimeCodeMail } from './templates';

describe('mail in the reader’s language', () => {
  it('gives a Nepali reader the code’s lifetime in Devanagari digits, and the code as typed', () => {
    const mail = oneTimeCodeMail('ne', 'asha@example.com', '123456', 'https://sewa.test/x', 15);
    expect(mail.text).toContain('यो एक पटक, १५ मिनेटसम्म मात्र चल्छ।');
    expect(mail.text).toContain('\n123456\n');
  });

  it('keeps Latin digits in English', () => {
    const mail = oneTimeCodeMail('en', 'asha@example.com', '123456', 'https://sewa.test/x', 15);
    expect(mail.text).toContain('It works once, for 15 minutes.');
  });

  it('dates a moment on the clinic’s day in either language', () => {
    // 00:00 on 25 November in Nepal; the 24th where the tests run and in UTC.
    expect(mailDates.en.date('2026-11-24T18:15:00Z')).toBe('Nov 25, 2026');
    expect(mailDates.ne.date('2026-11-24T18:15:00Z')).toBe('मंसिर ९, २०८३');
  });
});
