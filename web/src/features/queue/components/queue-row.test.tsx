import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import type { QueueEntry } from '../queue-entry';
import { QueueRow } from './queue-row';
import { QueueScreen } from './queue-screen';

const sampleEntries: QueueEntry[] = [
  { name: 'Sita Sharma', priority: 'urgent', reason: 'Chest pain', waitTime: 12, type: 'video' },
  { name: 'Ram Bahadur', priority: 'normal', reason: 'Follow-up', waitTime: 5, type: 'call' },
];

afterEach(() => i18n.changeLanguage('en'));

function renderRow(entry: QueueEntry) {
  render(
    <ul>
      <QueueRow entry={entry} />
    </ul>,
  );
  return screen.getByRole('listitem');
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

  it('shows a normal call visit without the urgent mark', () => {
    const row = renderRow(sampleEntries[1]!);
    expect(within(row).getByText('Normal')).toBeVisible();
    expect(within(row).getByText('Call')).toBeVisible();
    expect(within(row).queryByText('Urgent')).toBeNull();
    expect(within(row).queryByText('Video')).toBeNull();
  });

  it('speaks Nepali with Devanagari digits', async () => {
    await i18n.changeLanguage('ne');
    const row = renderRow(sampleEntries[0]!);
    expect(within(row).getByText('अत्यावश्यक')).toBeVisible();
    expect(within(row).getByText('भिडियो')).toBeVisible();
    expect(within(row).getByText('१२ मिनेट')).toBeVisible();
  });
});

describe('QueueScreen', () => {
  it('is empty, with nothing waiting, completed or timed', () => {
    render(<QueueScreen />);
    expect(screen.getByRole('heading', { name: 'Patient queue' })).toBeVisible();
    expect(screen.getByText('No patients in queue')).toBeVisible();
    const values = screen
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(values).toEqual([
      ['Waiting', '0'],
      ['Completed', '0'],
      ['Avg. wait', '--'],
    ]);
  });

  it('lists the entries it is given, each as a row', () => {
    render(<QueueScreen entries={sampleEntries} />);
    expect(screen.queryByText('No patients in queue')).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('Waiting').nextElementSibling).toHaveTextContent('2');
  });
});
