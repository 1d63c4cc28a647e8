import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Queue, QueueEntry } from '@shared/visits';
import { i18n } from '@/lib/i18n';
import { QueueRow } from './queue-row';
import { QueueScreen } from './queue-screen';

const now = Date.parse('2026-11-23T08:30:00.000Z');
const minutesAgo = (minutes: number) => new Date(now - minutes * 60_000 - 5_000).toISOString();

const sampleEntries: QueueEntry[] = [
  {
    id: 'v1',
    patientId: 'p1',
    patientName: 'Sita Sharma',
    priority: 'urgent',
    reason: 'Chest pain',
    queuedAt: minutesAgo(12),
    type: 'video',
    appointmentTime: null,
    flags: [],
  },
  {
    id: 'v2',
    patientId: null,
    patientName: 'Ram Bahadur',
    priority: 'routine',
    reason: 'Follow-up',
    queuedAt: minutesAgo(5),
    type: 'call',
    appointmentTime: null,
    flags: [],
  },
];

const queue = (entries: QueueEntry[], more: Partial<Queue> = {}): Queue => ({
  entries,
  waiting: entries.length,
  completedToday: 0,
  averageWaitMinutesToday: null,
  ...more,
});

afterEach(() => {
  vi.useRealTimers();
  return i18n.changeLanguage('en');
});

function renderRow(entry: QueueEntry, onStart?: (id: string) => void) {
  render(
    <ul>
      <QueueRow entry={entry} now={now} onStart={onStart} />
    </ul>,
  );
  return screen.getByRole('listitem');
}

function figures() {
  return screen
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
}

describe('QueueRow', () => {
  it('shows an urgent video visit with its name, reason and wait', () => {
    const row = renderRow(sampleEntries[0]!);
    expect(within(row).getByText('Sita Sharma')).toBeVisible();
    expect(within(row).getByText('Chest pain')).toBeVisible();
    expect(within(row).getByText('Urgent')).toBeVisible();
    expect(within(row).getByText('Video')).toBeVisible();
    expect(within(row).getByText('12 min')).toBeVisible();
    expect(within(row).queryByText('Call')).toBeNull();
  });

  it("links to the patient's chart only where the doctor may read it", () => {
    const row = renderRow(sampleEntries[0]!);
    expect(within(row).getByRole('link', { name: 'Patient chart' })).toHaveAttribute(
      'href',
      '/chart/p1',
    );
    cleanup();
    const other = renderRow(sampleEntries[1]!);
    expect(within(other).queryByRole('link', { name: 'Patient chart' })).toBeNull();
  });

  it('marks a checked-in appointment with its time, and a walk-in with none', () => {
    const row = renderRow({ ...sampleEntries[1]!, appointmentTime: '07:30' });
    expect(within(row).getByText('Scheduled 07:30')).toBeVisible();
    cleanup();
    const walkIn = renderRow(sampleEntries[1]!);
    expect(within(walkIn).queryByText(/Scheduled/)).toBeNull();
  });

  it('says so when the patient gave no reason', () => {
    const row = renderRow({ ...sampleEntries[1]!, reason: '' });
    expect(within(row).getByText('No reason given')).toBeVisible();
  });

  it('shows a routine call visit without the urgent mark, and does not call it routine', () => {
    const row = renderRow(sampleEntries[1]!);
    // Routine is what the queue cannot vouch for: nothing is said rather than that.
    expect(within(row).queryByText('Routine')).toBeNull();
    expect(within(row).getByText('Call')).toBeVisible();
    expect(within(row).queryByText('Urgent')).toBeNull();
    expect(within(row).queryByText('Video')).toBeNull();
  });

  it("shows the flag of the patient's last reading, in both languages", async () => {
    const flagged = { ...sampleEntries[1]!, flags: ['high-blood-pressure' as const] };
    const row = renderRow(flagged);
    expect(within(row).getByText('High blood pressure')).toBeVisible();
    expect(within(row).queryByText('Routine')).toBeNull();
    cleanup();
    await i18n.changeLanguage('ne');
    expect(within(renderRow(flagged)).getByText('उच्च रक्तचाप')).toBeVisible();
  });

  it('starts its visit', async () => {
    const start = vi.fn();
    const row = renderRow(sampleEntries[0]!, start);
    await userEvent.click(within(row).getByRole('button', { name: 'Start visit' }));
    expect(start).toHaveBeenCalledWith('v1');
  });

  it('speaks Nepali with Devanagari digits', async () => {
    await i18n.changeLanguage('ne');
    const row = renderRow(sampleEntries[0]!, vi.fn());
    expect(within(row).getByText('अत्यावश्यक')).toBeVisible();
    expect(within(row).getByText('भिडियो')).toBeVisible();
    expect(within(row).getByText('१२ मिनेट')).toBeVisible();
    expect(within(row).getByRole('button', { name: 'भेट सुरु गर्नुहोस्' })).toBeVisible();
  });
});

describe('QueueScreen', () => {
  it('is empty, with nothing waiting, completed or timed', () => {
    render(<QueueScreen queue={queue([])} />);
    expect(screen.getByRole('heading', { name: 'Patient queue' })).toBeVisible();
    expect(screen.getByText('No patients in queue')).toBeVisible();
    expect(figures()).toEqual([
      ['Waiting', '0'],
      ['Completed', '0'],
      ['Avg. wait', '--'],
    ]);
  });

  it('does not call the queue empty while it loads', () => {
    render(<QueueScreen queue={undefined} />);
    expect(screen.queryByText('No patients in queue')).toBeNull();
    expect(screen.getByRole('region', { name: 'Patients waiting' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  });

  it('shows the server’s figures and lists each entry as a row with "Start visit"', () => {
    vi.useFakeTimers({ now, toFake: ['Date'] });
    render(
      <QueueScreen
        queue={queue(sampleEntries, { waiting: 2, completedToday: 7, averageWaitMinutesToday: 14 })}
        onStart={vi.fn()}
      />,
    );
    expect(screen.queryByText('No patients in queue')).toBeNull();
    const rows = screen.getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Sita Sharma')).toBeVisible();
    expect(within(rows[0]!).getByText('12 min')).toBeVisible();
    expect(screen.getAllByRole('button', { name: 'Start visit' })).toHaveLength(2);
    expect(figures()).toEqual([
      ['Waiting', '2'],
      ['Completed', '7'],
      ['Avg. wait', '14 min'],
    ]);
  });

  it('counts in Nepali', async () => {
    await i18n.changeLanguage('ne');
    render(
      <QueueScreen
        queue={queue([], { waiting: 0, completedToday: 12, averageWaitMinutesToday: 8 })}
      />,
    );
    expect(screen.getByText('१२')).toBeVisible();
    expect(screen.getByText('८ मिनेट')).toBeVisible();
  });
});
