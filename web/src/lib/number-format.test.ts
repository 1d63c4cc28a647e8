import { describe, expect, it } from 'vitest';
import { formatNumber, formatPercent } from './number-format';

describe('number formatting', () => {
  it('groups thousands the American way in English', () => {
    expect(formatNumber(1247, 'en')).toBe('1,247');
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatPercent(99.8, 'en')).toBe('99.8%');
    expect(formatPercent(75, 'en')).toBe('75%');
  });

  it('writes Devanagari digits with Nepali grouping in Nepali', () => {
    expect(formatNumber(1247, 'ne')).toBe('१,२४७');
    // Lakh grouping: 12,34,567 rather than 1,234,567.
    expect(formatNumber(1234567, 'ne')).toBe('१२,३४,५६७');
    expect(formatPercent(99.8, 'ne')).toBe('९९.८%');
    expect(formatPercent(75, 'ne')).toBe('७५%');
  });
});
