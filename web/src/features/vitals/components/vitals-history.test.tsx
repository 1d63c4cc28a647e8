import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { VitalsReading } from '@shared/vitals';
import { i18n } from '@/lib/i18n';
import { VitalsHistory } from './vitals-history';
import { VitalsTrend } from './vitals-trend';

afterEach(() => i18n.changeLanguage('en'));

const patientId = 'patient-1';
const now = Date.parse('2026-11-20T12:00:00Z');

function reading(values: Partial<VitalsReading>, takenAt: string): VitalsReading {
  return {
    id: crypto.randomUUID(),
    takenAt,
    recordedAt: takenAt,
    recordedBy: { id: patientId, role: 'patient', name: 'Sita Sharma' },
    flags: [],
    ...values,
  };
}

// Newest first, as the API answers.
const readings = [
  reading({ heartRate: 72, oxygenSaturation: 98 }, '2026-11-20T03:15:00Z'),
  reading(
    {
      weight: 64.2,
      systolic: 118,
      diastolic: 76,
      recordedBy: { id: 'doctor-1', role: 'doctor', name: 'Ram Thapa' },
    },
    '2026-11-19T04:00:00Z',
  ),
  reading({ heartRate: 80, oxygenSaturation: 90, flags: ['low-oxygen'] }, '2026-11-18T04:00:00Z'),
];

describe('vitals history', () => {
  it('lists readings newest first, in clinic time, with units and who recorded them', () => {
    render(<VitalsHistory patientId={patientId} readings={readings} />);
    const items = within(screen.getByRole('list', { name: 'Your readings, newest first' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toHaveLength(3);
    // 03:15 UTC is 09:00 in Kathmandu, whatever the test machine's zone.
    expect(items[0]).toContain('Nov 20, 2026, 09:00');
    expect(items[0]).toContain('Recorded by you');
    expect(items[0]).toContain('72bpm');
    expect(items[0]).toContain('98%');
    expect(items[1]).toContain('Recorded by Ram Thapa');
    expect(items[1]).toContain('64.2kg');
    expect(items[1]).toContain('118/76mmHg');
    expect(items[2]).toContain('Outside the safe range.');
  });

  it('says what each trend shows, in words', () => {
    render(<VitalsTrend readings={readings} now={now} />);
    expect(screen.getByRole('heading', { name: 'Last 30 days' })).toBeVisible();
    expect(
      screen.getByText('Heart rate: 2 readings from 72 to 80 bpm; latest 72 bpm.'),
    ).toBeVisible();
    expect(screen.getByText('Weight: 1 reading, 64.2 kg.')).toBeVisible();
    expect(screen.getByText('Blood pressure: 1 reading, 118/76 mmHg.')).toBeVisible();
  });

  it('leaves out readings older than 30 days from the trend', () => {
    render(
      <VitalsTrend readings={[reading({ heartRate: 60 }, '2026-10-01T00:00:00Z')]} now={now} />,
    );
    expect(screen.queryByRole('heading', { name: 'Last 30 days' })).toBeNull();
  });

  it('writes Nepali with Devanagari digits', async () => {
    await i18n.changeLanguage('ne');
    render(<VitalsHistory patientId={patientId} readings={readings.slice(1, 2)} />);
    const list = within(screen.getByRole('list', { name: 'तपाईंका नापहरू, पछिल्लो पहिले' }));
    expect(list.getByText('६४.२')).toBeVisible();
    expect(list.getByText('११८/७६')).toBeVisible();
    expect(list.getByText('Ram Thapa ले लेख्नुभएको', { exact: false })).toBeVisible();
  });
});
