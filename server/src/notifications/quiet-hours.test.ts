import { describe, expect, it } from 'vitest';
import { afterQuietHours } from './quiet-hours';

/** 21:00–07:00 clinic time, the default. */
const night = { startMinute: 21 * 60, endMinute: 7 * 60 };

describe('quiet hours', () => {
  it('lets a reminder due in the day go at once', () => {
    const noon = new Date('2026-11-26T12:00:00+05:45');
    expect(afterQuietHours(noon, night)).toEqual(noon);
  });

  it('holds one due late in the evening until seven the next morning, clinic time', () => {
    const late = new Date('2026-11-26T22:30:00+05:45');
    expect(afterQuietHours(late, night).toISOString()).toBe(
      new Date('2026-11-27T07:00:00+05:45').toISOString(),
    );
  });

  it('holds one due before dawn until seven the same morning', () => {
    const early = new Date('2026-11-27T05:10:00+05:45');
    expect(afterQuietHours(early, night).toISOString()).toBe(
      new Date('2026-11-27T07:00:00+05:45').toISOString(),
    );
  });

  it('reads the clinic clock: 16:00 UTC is 21:45 in Kathmandu, inside quiet hours', () => {
    const utcAfternoon = new Date('2026-11-26T16:00:00Z');
    expect(afterQuietHours(utcAfternoon, night).toISOString()).toBe('2026-11-27T01:15:00.000Z');
  });

  it('takes hours within one day, and equal ends as none', () => {
    const siesta = { startMinute: 13 * 60, endMinute: 14 * 60 };
    const at = new Date('2026-11-26T13:20:00+05:45');
    expect(afterQuietHours(at, siesta).toISOString()).toBe(
      new Date('2026-11-26T14:00:00+05:45').toISOString(),
    );
    expect(afterQuietHours(at, { startMinute: 600, endMinute: 600 })).toEqual(at);
  });
});
