import { describe, expect, it } from 'vitest';
import { periodIdSchema } from './hmis';
import {
  lastCompletePeriod,
  parsePeriod,
  periodOf,
  periodOfDay,
  previousPeriod,
} from './hmis-period';

describe('HMIS periods (BS months)', () => {
  it('Baisakh 2081 is 208101 and begins on 2024-04-13', () => {
    expect(periodOf(2081, 1)).toEqual({
      id: '208101',
      year: 2081,
      month: 1,
      name: 'Baisakh',
      firstDay: '2024-04-13',
      lastDay: '2024-05-13',
    });
  });

  it('Kartik 2083 is 208307, from 2026-10-18 for its 30 days', () => {
    const kartik = parsePeriod('208307');
    expect(kartik).toMatchObject({ name: 'Kartik', year: 2083, month: 7 });
    expect(kartik?.firstDay).toBe('2026-10-18');
    expect(kartik?.lastDay).toBe('2026-11-16');
  });

  it('Chaitra ends the day before the next Baisakh', () => {
    const chaitra = parsePeriod('208012');
    expect(chaitra?.name).toBe('Chaitra');
    expect(chaitra?.lastDay).toBe('2024-04-12');
    expect(previousPeriod(parsePeriod('208101')!)?.id).toBe('208012');
  });

  it('a clinic day falls in its BS month, both ends included', () => {
    expect(periodOfDay('2024-04-13').id).toBe('208101');
    expect(periodOfDay('2024-04-12').id).toBe('208012');
    expect(periodOfDay('2026-11-16').id).toBe('208307');
    expect(periodOfDay('2026-11-17').id).toBe('208308');
  });

  it('the last complete month is the one before the clinic day’s month', () => {
    // 2026-11-26 10:00 in Kathmandu is in Mangsir 2083.
    expect(lastCompletePeriod(new Date('2026-11-26T04:15:00Z')).id).toBe('208307');
    // 2024-04-12 23:30 clinic time is still Chaitra 2080; 18:15 UTC is 00:00 on the 13th.
    expect(lastCompletePeriod(new Date('2024-04-12T17:45:00Z')).id).toBe('208011');
    expect(lastCompletePeriod(new Date('2024-04-12T18:15:00Z')).id).toBe('208012');
  });

  it('refuses anything but a real YYYYMM within the tables', () => {
    for (const bad of ['2083-07', '208313', '208300', '20837', '1999 01', 'abc', '']) {
      expect(parsePeriod(bad)).toBeNull();
      expect(periodIdSchema.safeParse(bad).success).toBe(false);
    }
    // Well formed, but beyond the BS tables: the server's check.
    expect(periodIdSchema.safeParse('219901').success).toBe(true);
    expect(parsePeriod('219901')).toBeNull();
    expect(periodIdSchema.safeParse('208307').success).toBe(true);
  });

  it('ends with Chaitra 2083, the last month of the BS table, and names no month after it', () => {
    expect(parsePeriod('208312')).toMatchObject({ firstDay: '2027-03-15', lastDay: '2027-04-13' });
    expect(parsePeriod('208401')).toBeNull();
    expect(() => periodOfDay('2027-04-14')).toThrow(RangeError);
    // On 1 Baisakh 2084 Sewa cannot tell which month is under way, so it names none.
    expect(() => lastCompletePeriod(new Date('2027-04-14T06:00:00Z'))).toThrow(RangeError);
    expect(lastCompletePeriod(new Date('2027-04-13T06:00:00Z')).id).toBe('208311');
  });
});
