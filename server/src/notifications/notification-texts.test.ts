import { describe, expect, it } from 'vitest';
import { accountLanguages, notificationKinds } from '@shared/notifications';
import { smsSegments } from '../sms/sms-segments';
import { notificationText } from './notification-texts';

/** A Saturday late in the year, at a time whose words are longest (Nepali month names). */
const startsAt = new Date('2026-12-19T12:45:00+05:45');

describe('notification texts', () => {
  it.each(
    accountLanguages.flatMap((language) => notificationKinds.map((kind) => [language, kind])),
  )('%s %s fits two text-message parts', (language, kind) => {
    const text = notificationText(kind as never, language as never, startsAt);
    expect(text.sms.length).toBeGreaterThan(10);
    expect(smsSegments(text.sms)).toBeLessThanOrEqual(2);
  });

  it('says the doctor is waiting in the reader’s language', () => {
    expect(notificationText('doctor-is-in', 'en', null).sms).toBe(
      'Sewa: Your doctor is waiting for you in Sewa. Open the app to join.',
    );
    expect(notificationText('doctor-is-in', 'ne', null).sms).toMatch(/^सेवा: तपाईंको डाक्टर/);
  });

  it('gives an appointment’s time on the clinic clock, in Devanagari digits for Nepali', () => {
    expect(notificationText('appointment-tomorrow', 'en', startsAt).body).toContain('12:45');
    expect(notificationText('appointment-tomorrow', 'ne', startsAt).body).toContain('१२:४५');
  });
});
