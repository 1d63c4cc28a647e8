import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Chart } from '@shared/chart';
import { i18n } from '@/lib/i18n';
import { ChartScreen } from './chart-screen';

const patientId = 'patient-1';
const takenAt = new Date(Date.now() - 60 * 60_000).toISOString();

const chart: Chart = {
  patient: { id: patientId, name: 'Sita Sharma', age: 34, gender: 'female' },
  vitals: {
    latest: {
      heartRate: { value: 72, takenAt, flags: [] },
      bloodPressure: { systolic: 182, diastolic: 96, takenAt, flags: ['high-blood-pressure'] },
    },
    recent: [
      {
        id: 'r1',
        takenAt,
        recordedAt: takenAt,
        recordedBy: { id: patientId, role: 'patient', name: 'Sita Sharma' },
        heartRate: 72,
        systolic: 182,
        diastolic: 96,
        flags: ['high-blood-pressure'],
      },
    ],
  },
  medications: [
    {
      id: 'm1',
      medicine: 'Amlodipine 5 mg',
      dose: { amount: 1, form: 'tablet' },
      writtenDose: null,
      times: ['morning'],
      startDay: '2026-11-20',
      endDay: null,
      food: 'any',
      note: null,
      status: 'active',
      prescribedBy: { id: 'd1', name: 'Ram Thapa' },
      prescribedAt: takenAt,
      stopped: null,
      adherence: { taken: 5, missed: 2 },
    },
  ],
  visits: [],
  documents: [],
  careCircle: [
    {
      name: 'Hari Sharma',
      relationship: 'son',
      guardian: false,
      permissions: { record: true, message: true, visits: false },
    },
  ],
};

let answer: () => Response;

beforeEach(() => {
  answer = () => Response.json(chart);
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(answer())),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

function renderChart() {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <ChartScreen
        patientId={patientId}
        medicationItem={(medication, { details }) => (
          <li aria-label={medication.medicine}>{details}</li>
        )}
        prescribing={<p>prescribing slot</p>}
      />
    </QueryClientProvider>,
  );
}

describe("the doctor's chart", () => {
  it('heads the page with the patient’s name and shows flags, adherence and empty sections', async () => {
    renderChart();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Sita Sharma');
    expect(screen.getByText('34 years old · Female')).toBeVisible();
    const vitals = screen.getByRole('region', { name: 'Vitals' });
    expect(within(vitals).getByText(/Blood pressure is high\./)).toBeVisible();
    const active = screen.getByRole('region', { name: 'Active medications' });
    expect(within(active).getByRole('listitem', { name: 'Amlodipine 5 mg' })).toHaveTextContent(
      'Taken 5, missed 2 in the last 7 days',
    );
    expect(within(active).getByText('prescribing slot')).toBeVisible();
    expect(screen.getByText('No past medications.')).toBeVisible();
    expect(screen.getByText('No visits yet.')).toBeVisible();
    expect(screen.getByText('No documents yet.')).toBeVisible();
    const circle = screen.getByRole('region', { name: 'Care circle' });
    expect(within(circle).getByText('Hari Sharma')).toBeVisible();
    expect(within(circle).getByText(/Son · sees the record, messages the care team/)).toBeVisible();
  });

  it('says its numbers in Devanagari digits in Nepali', async () => {
    await i18n.changeLanguage('ne');
    renderChart();
    expect(await screen.findByText('३४ वर्ष · महिला')).toBeVisible();
    expect(screen.getByText('पछिल्ला ७ दिनमा ५ पटक लिइयो, २ पटक छुट्यो')).toBeVisible();
  });

  it('answers a patient it may not show as one that does not exist', async () => {
    answer = () =>
      Response.json({ error: { code: 'not_found', message: 'No such patient.' } }, { status: 404 });
    renderChart();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('No such patient.');
    expect(screen.queryByText('prescribing slot')).toBeNull();
  });
});
