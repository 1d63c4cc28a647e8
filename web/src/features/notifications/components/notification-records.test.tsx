import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationRecord } from '@shared/notifications';
import NotificationRecords from './notification-records';

afterEach(() => {
  vi.unstubAllGlobals();
});

const newest: NotificationRecord = {
  id: 'n2',
  recipientId: 'u1',
  recipientName: 'Sita Sharma',
  channel: 'sms',
  kind: 'doctor-is-in',
  outcome: 'failed',
  reason: 'no_credit',
  attempts: 1,
  dueAt: '2026-11-26T04:00:00.000Z',
  finishedAt: '2026-11-26T04:00:02.000Z',
};
const older: NotificationRecord = {
  ...newest,
  id: 'n1',
  channel: 'push',
  kind: 'care-team-answered',
  outcome: 'sent',
  reason: null,
  dueAt: '2026-11-25T04:00:00.000Z',
  finishedAt: '2026-11-25T04:00:01.000Z',
};

describe("the superadmin's notification record", () => {
  it('lists who, channel, kind, outcome and reason, and pages back with "Older"', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    vi.stubGlobal('fetch', (path: string) => {
      asked.push(path);
      const before = new URL(path, 'http://sewa.test').searchParams.get('before');
      const records = before === null ? [newest] : before === newest.dueAt ? [older] : [];
      return Promise.resolve(Response.json({ records }));
    });
    render(
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <NotificationRecords />
      </QueryClientProvider>,
    );

    // Each record is an item of a list, not a row of a table too wide for a phone.
    expect(await screen.findByText('Sita Sharma')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const first = screen.getAllByRole('listitem')[0]!;
    expect(within(first).getByText('Sita Sharma')).toBeInTheDocument();
    for (const words of ['Text message', 'The doctor is in', 'Failed', 'no_credit']) {
      expect(within(first).getByText(words)).toBeInTheDocument();
    }

    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('Care team answered')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(asked[1]).toBe(`/api/notifications/records?before=${encodeURIComponent(newest.dueAt)}`);

    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('No older notifications.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Older' })).not.toBeInTheDocument();
  });
});
