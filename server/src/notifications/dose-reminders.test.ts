import { describe, expect, it } from 'vitest';
import { doseDueAt } from './dose-reminders';

describe('dose reminders', () => {
  it('names the dose whose time passed within the half hour, on the clinic clock', () => {
    expect(doseDueAt(new Date('2026-11-26T08:10:00+05:45'))).toEqual({
      day: '2026-11-26',
      timeOfDay: 'morning',
    });
    // 21:05 in Kathmandu is 15:20 UTC: the night dose, whatever the server's zone.
    expect(doseDueAt(new Date('2026-11-26T15:20:00Z'))).toEqual({
      day: '2026-11-26',
      timeOfDay: 'night',
    });
  });

  it('names none before a dose time or long after it', () => {
    expect(doseDueAt(new Date('2026-11-26T07:59:00+05:45'))).toBeNull();
    expect(doseDueAt(new Date('2026-11-26T08:30:00+05:45'))).toBeNull();
    expect(doseDueAt(new Date('2026-11-26T13:29:59+05:45'))?.timeOfDay).toBe('midday');
  });
});
