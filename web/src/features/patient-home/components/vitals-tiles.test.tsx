import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { loadNepaliDates } from '@/lib/dates';
import { VitalsTiles } from './vitals-tiles';

afterEach(async () => {
  vi.useRealTimers();
  await i18n.changeLanguage('en');
});

// 10:00 clinic time on 20 November 2026.
const now = Date.parse('2026-11-20T04:15:00.000Z');

const latest = {
  // 08:45 clinic time today.
  heartRate: { value: 72, takenAt: '2026-11-20T03:00:00.000Z' },
  // 09:45 clinic time the day before.
  bloodPressure: { systolic: 118, diastolic: 76, takenAt: '2026-11-19T04:00:00.000Z' },
};

/** The tile of one measure: its term and what the list says of it. */
function tile(name: string) {
  const term = screen.getByText(name);
  return within(term.parentElement!);
}

describe('VitalsTiles', () => {
  it('says beside each reading when it was taken, in clinic time', () => {
    vi.useFakeTimers({ now, toFake: ['Date'] });
    render(<VitalsTiles latest={latest} />);
    expect(tile('Heart rate').getByText('Today, 08:45')).toBeVisible();
    expect(tile('Blood pressure').getByText('Yesterday, 09:45')).toBeVisible();
  });

  it('says it in Nepali with Devanagari digits', async () => {
    await loadNepaliDates();
    await i18n.changeLanguage('ne');
    vi.useFakeTimers({ now, toFake: ['Date'] });
    render(<VitalsTiles latest={latest} />);
    expect(screen.getByText(/^आज, .*०८:४५ बजे$/)).toBeVisible();
  });
});
