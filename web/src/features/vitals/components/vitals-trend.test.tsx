import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { VitalsReading } from '@shared/vitals';
import { loadNepaliDates } from '@/lib/dates';
import { i18n } from '@/lib/i18n';
import { VitalsTrend } from './vitals-trend';

afterEach(() => i18n.changeLanguage('en'));

// Noon on 20 November 2026 (UTC); the chart runs from 21 October to that day.
const now = Date.parse('2026-11-20T12:00:00Z');

function reading(values: Partial<VitalsReading>, takenAt: string): VitalsReading {
  return {
    id: crypto.randomUUID(),
    takenAt,
    recordedAt: takenAt,
    recordedBy: { id: 'p1', role: 'patient', name: null },
    flags: [],
    ...values,
  };
}

// Newest first, as the API answers: 185/112 is past both blood-pressure thresholds.
const readings = [
  reading({ systolic: 185, diastolic: 112, heartRate: 72 }, '2026-11-19T03:15:00Z'),
  reading({ systolic: 118, diastolic: 76, heartRate: 80 }, '2026-11-10T03:15:00Z'),
];

/** The chart of one measure, found by its table's caption. */
function chartOf(name: string) {
  const table = screen.getByRole('table', { name: new RegExp(`^${name} `) });
  const figure = table.closest('figure')!;
  return { table, figure, svg: figure.querySelector('svg')! };
}

describe('the vitals trend chart', () => {
  it('draws dated axes, a legend for both blood-pressure lines and marks 185/112', () => {
    render(<VitalsTrend readings={readings} now={now} />);
    const { figure, svg, table } = chartOf('Blood pressure');
    // Axes: values on the left, the days of the 30 days along the bottom.
    expect([...svg.querySelectorAll('[data-axis-day]')].map((day) => day.textContent)).toEqual([
      'Oct 21',
      'Nov 5',
      'Nov 20',
    ]);
    expect(svg.querySelectorAll('text').length).toBeGreaterThan(5);
    // Each reading a point; the flagged values marked, the others not.
    expect(
      [...svg.querySelectorAll('[data-flagged]')].map((mark) => mark.getAttribute('data-flagged')),
    ).toEqual(['185', '112']);
    expect(
      [...svg.querySelectorAll('[data-point]')].map((point) => point.getAttribute('data-point')),
    ).toEqual(['118', '76']);
    // The limits past which a reading is flagged, as dashed lines.
    expect(
      [...svg.querySelectorAll('[data-safe-limit]')].map((line) =>
        line.getAttribute('data-safe-limit'),
      ),
    ).toEqual(['180', '110']);
    const legend = figure.querySelector('[data-legend]')!;
    expect([...legend.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'Systolic',
      'Diastolic',
      'Safe limit',
      'Outside the safe range',
    ]);
    // A screen reader reads the same as a table, newest first.
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'TakenSystolicDiastolic',
      'Nov 19, 2026, 09:00185 (outside the safe range)112 (outside the safe range)',
      'Nov 10, 2026, 09:0011876',
    ]);
  });

  it('draws one measure with its safe range as a band', () => {
    render(<VitalsTrend readings={readings} now={now} />);
    const { figure, svg } = chartOf('Heart rate');
    expect(svg.querySelector('[data-safe-band]')).not.toBeNull();
    expect(svg.querySelectorAll('[data-flagged]')).toHaveLength(0);
    expect(figure.querySelector('[data-legend]')?.textContent).toBe('Heart rateSafe range');
  });

  it('dates the axis in Bikram Sambat with Devanagari digits in Nepali', async () => {
    await loadNepaliDates();
    await i18n.changeLanguage('ne');
    render(<VitalsTrend readings={readings} now={now} />);
    const svg = screen.getAllByRole('table')[0]!.closest('figure')!.querySelector('svg')!;
    expect([...svg.querySelectorAll('[data-axis-day]')].map((day) => day.textContent)).toEqual([
      'कार्तिक ४',
      'कार्तिक १९',
      'मंसिर ४',
    ]);
    expect(svg.textContent).not.toMatch(/[0-9]/);
  });
});
