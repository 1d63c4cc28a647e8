import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Visit } from '@shared/visits';
import { i18n } from '@/lib/i18n';
import { testVisit } from '@/test-visit';
import type { ComponentProps } from 'react';
import { HealthRecords, type ArrivingRecord } from './health-records';

const finished = (id: string, summary: string | null, endedAt: string): Visit =>
  testVisit({
    id,
    status: 'finished',
    doctorId: 'd1',
    doctorName: 'Dr. Ram Thapa',
    queuedAt: endedAt,
    startedAt: endedAt,
    inProgressAt: endedAt,
    endedAt,
    durationMinutes: 14,
    summary,
  });

const visits = [
  // 00:05 on 20 November in clinic time; still the 19th on the New York phone the tests run as.
  finished('v2', 'Blood pressure is well controlled. Continue amlodipine.', '2026-11-19T18:20:00Z'),
  finished('v1', null, '2026-10-02T06:00:00Z'),
];

const docs = { count: 0, content: null };
const none = { count: 0, content: null };
const emptyRecord: ArrivingRecord = { visits: [], readings: [], medications: [], documents: [] };

/** The record with every list arrived empty but those given. */
function Records({
  record,
  ...props
}: Partial<Omit<ComponentProps<typeof HealthRecords>, 'record'>> & {
  record?: Partial<ArrivingRecord>;
}) {
  return (
    <HealthRecords
      docs={docs}
      vitals={none}
      meds={none}
      {...props}
      record={{ ...emptyRecord, ...record }}
    />
  );
}

afterEach(() => i18n.changeLanguage('en'));

describe('HealthRecords', () => {
  it('keeps the spec’s empty states without visits', async () => {
    render(<Records record={{ visits: [] }} />);
    expect(screen.getByText('Your medical history will appear here.')).toBeVisible();
    expect(screen.getByRole('tab', { name: /Summaries/ })).toHaveTextContent('Summaries 0');
    await userEvent.click(screen.getByRole('tab', { name: /Summaries/ }));
    expect(screen.getByText('No summaries yet.')).toBeVisible();
  });

  it('says "No vitals yet." with a count of 0, and shows the given readings with their count', async () => {
    const { unmount } = render(<Records record={{ visits: [] }} />);
    expect(screen.getByRole('tab', { name: /Vitals/ })).toHaveTextContent('Vitals 0');
    await userEvent.click(screen.getByRole('tab', { name: /Vitals/ }));
    expect(screen.getByText('No vitals yet.')).toBeVisible();
    unmount();
    render(<Records vitals={{ count: 3, content: <p>Three readings</p> }} section="vitals" />);
    expect(screen.getByRole('tab', { name: /Vitals/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: /Vitals/ })).toHaveTextContent('Vitals 3');
    expect(screen.getByText('Three readings')).toBeVisible();
    expect(screen.queryByText('No vitals yet.')).toBeNull();
  });

  it('lists finished visits under Summaries with date, doctor, duration and summary', async () => {
    render(<Records record={{ visits }} />);
    expect(screen.getByRole('tab', { name: /Summaries/ })).toHaveTextContent('Summaries 2');
    expect(screen.getByRole('tab', { name: /Timeline/ })).toHaveTextContent('Timeline 2');
    await userEvent.click(screen.getByRole('tab', { name: /Summaries/ }));
    const items = within(screen.getByRole('list', { name: 'Summaries' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Dr. Ram Thapa')).toBeVisible();
    expect(within(items[0]!).getByText('Nov 20, 2026 · 14 min')).toBeVisible();
    expect(
      within(items[0]!).getByText('Blood pressure is well controlled. Continue amlodipine.'),
    ).toBeVisible();
    expect(within(items[1]!).getByText('The doctor has not written a summary yet.')).toBeVisible();
    expect(screen.queryByText('No summaries yet.')).toBeNull();
  });

  it('shows the visits on the timeline', () => {
    render(<Records record={{ visits }} />);
    const timeline = screen.getByRole('list', { name: 'Timeline' });
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByText('Your medical history will appear here.')).toBeNull();
  });

  it('shows a visit without a reason as its kind alone', async () => {
    render(<Records record={{ visits: [{ ...visits[1]!, reason: '' }] }} />);
    const timeline = screen.getByRole('list', { name: 'Timeline' });
    expect(within(timeline).getByText('Video visit', { exact: true })).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: /Summaries/ }));
    const summary = within(screen.getByRole('list', { name: 'Summaries' })).getByRole('listitem');
    expect(summary.querySelectorAll('p:empty')).toHaveLength(0);
  });

  it('writes dates in Bikram Sambat and numbers in Devanagari digits in Nepali', async () => {
    await i18n.changeLanguage('ne');
    render(<Records record={{ visits }} />);
    await userEvent.click(screen.getByRole('tab', { name: /सारांश/ }));
    expect(screen.getByText('आश्विन १६, २०८३ · १४ मिनेट')).toBeVisible();
    expect(screen.getByText('डाक्टरले अझै सारांश लेख्नुभएको छैन।')).toBeVisible();
  });

  it('says "No active medications." with a count of 0, and shows the given medicines with their count', async () => {
    const { unmount } = render(<Records />);
    expect(screen.getByRole('tab', { name: /Meds/ })).toHaveTextContent('Meds 0');
    await userEvent.click(screen.getByRole('tab', { name: /Meds/ }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('No active medications.');
    unmount();
    render(<Records meds={{ count: 2, content: <p>Two medicines</p> }} section="meds" />);
    expect(screen.getByRole('tab', { name: /Meds/ })).toHaveTextContent('Meds 2');
    expect(screen.getByText('Two medicines')).toBeVisible();
  });

  it('merges the record on the timeline, newest first, at clinic date and time, and counts it', () => {
    render(
      <Records
        record={{
          visits: [visits[1]!],
          readings: [
            {
              id: 'r1',
              // 08:45 on 21 November in clinic time.
              takenAt: '2026-11-21T03:00:00Z',
              recordedAt: '2026-11-21T03:00:00Z',
              recordedBy: { id: 'p1', role: 'patient', name: null },
              heartRate: 72,
              flags: [],
            },
          ],
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
              prescribedBy: { id: 'd1', name: 'Dr. Ram Thapa' },
              prescribedAt: '2026-11-20T05:00:00Z',
              stopped: null,
              adherence: { taken: 0, missed: 0 },
            },
          ],
        }}
        renderReading={(reading) => <p>{`Heart rate ${reading.heartRate ?? ''}`}</p>}
      />,
    );
    expect(screen.getByRole('tab', { name: /Timeline/ })).toHaveTextContent('Timeline 3');
    const items = within(screen.getByRole('list', { name: 'Timeline' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Vitals recordedNov 21, 2026, 08:45Heart rate 72',
      'Prescribed: Amlodipine 5 mgNov 20, 2026, 10:451 tablet · by Dr. Ram Thapa',
      'Dr. Ram ThapaOct 2, 2026, 11:45Video visit · Blood pressure review',
    ]);
  });

  it('says "Loading…" in every section while the record loads, never that it is empty', async () => {
    const loading = { count: 'loading' as const, content: <p>Readings</p> };
    render(
      <Records
        docs={loading}
        vitals={loading}
        meds={loading}
        record={{
          visits: 'loading',
          readings: 'loading',
          medications: 'loading',
          documents: 'loading',
        }}
      />,
    );
    for (const section of ['Timeline', 'Meds', 'Vitals', 'Summaries']) {
      const tab = screen.getByRole('tab', { name: new RegExp(section) });
      expect(tab).toHaveTextContent(`${section} …`);
      await userEvent.click(tab);
      expect(screen.getByRole('tabpanel')).toHaveTextContent('Loading…');
      expect(within(screen.getByRole('tabpanel')).getByRole('status')).toBeVisible();
    }
    for (const empty of [
      'Your medical history will appear here.',
      'No active medications.',
      'No vitals yet.',
      'No summaries yet.',
    ]) {
      expect(screen.queryByText(empty)).toBeNull();
    }
    expect(screen.queryByText('Readings')).toBeNull();
  });

  it('shows on the timeline what has arrived, and says the rest is loading', () => {
    render(<Records record={{ visits, readings: 'loading' }} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.getByRole('tab', { name: /Timeline/ })).toHaveTextContent('Timeline …');
  });

  it('says a list could not be loaded rather than that it is empty', () => {
    render(<Records vitals={{ count: 'failed', content: null }} section="vitals" />);
    expect(screen.getByRole('tabpanel')).toHaveTextContent(
      'This part of your record could not be loaded. Check your connection and try again.',
    );
    expect(screen.queryByText('No vitals yet.')).toBeNull();
  });
});
