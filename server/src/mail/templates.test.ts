import { describe, expect, it } from 'vitest';
import {
  mailDates,
  oneTimeCodeMail,
  secondFactorResetMail,
  staffInvitationMail,
} from './templates';

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

  it('invites a staff member in the language the admin chose, the role and clinic in its words', () => {
    const url = 'https://sewa.test/staff-invitation/X';
    const english = staffInvitationMail('en', 'asha@example.com', 'doctor', 'Dhulikhel', url, 7);
    expect(english.text).toContain('You are invited to join Dhulikhel on Sewa as a doctor.');
    expect(english.text).toContain(`\n${url}\n`);
    const nepali = staffInvitationMail('ne', 'asha@example.com', 'admin', null, url, 7);
    expect(nepali.text).toContain('तपाईंलाई सेवामा प्रशासकका रूपमा सामेल हुन निम्तो छ।');
    expect(nepali.text).toContain('७ दिनभित्र');
  });

  it('tells a person their second factor was reset, with no link to follow', () => {
    const mail = secondFactorResetMail('ne', 'asha@example.com');
    expect(mail.subject).toBe('तपाईंको सेवा दोस्रो प्रमाण रिसेट गरियो');
    expect(mail.text).not.toMatch(/https?:/);
  });
});
