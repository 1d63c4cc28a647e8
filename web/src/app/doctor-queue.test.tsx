import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Queue } from '@shared/visits';
import { Toaster } from '@/components/ui/toaster';
import { DoctorQueue } from './doctor-queue';

const id = '6f1c2d4e-0000-4000-8000-000000000009';
const queue: Queue = {
  entries: [
    {
      id,
      patientId: null,
      patientName: 'Sita Sharma',
      priority: 'urgent',
      reason: 'Chest pain',
      type: 'video',
      queuedAt: new Date(Date.now() - 3 * 60_000).toISOString(),
      appointmentTime: null,
    },
  ],
  waiting: 1,
  completedToday: 4,
  averageWaitMinutesToday: 6,
};

afterEach(() => vi.unstubAllGlobals());

/** Answers the queue and a start refused or accepted. */
function serverAnswering(start: Response) {
  const fetchMock = vi.fn((url: string) => {
    if (url === '/api/visits/queue') return Promise.resolve(Response.json(queue));
    if (url === `/api/visits/${id}/start`) return Promise.resolve(start);
    return Promise.reject(new Error(`unexpected ${url}`));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderQueue() {
  const location = memoryLocation({ path: '/queue', record: true });
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <Router hook={location.hook}>
        <DoctorQueue />
      </Router>
      <Toaster theme="light" />
    </QueryClientProvider>,
  );
  return location;
}

describe('DoctorQueue', () => {
  it('starts the visit and opens its call', async () => {
    serverAnswering(Response.json({ id, status: 'waiting' }));
    const location = renderQueue();
    const row = (await screen.findByText('Sita Sharma')).closest('li')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Start visit' }));
    await vi.waitFor(() => expect(location.history.at(-1)).toBe(`/visit/${id}`));
  });

  it('says another doctor was first, and reads the queue again', async () => {
    const fetchMock = serverAnswering(
      Response.json(
        {
          error: { code: 'visit_taken', message: 'Another doctor has already started this visit.' },
        },
        { status: 409 },
      ),
    );
    const location = renderQueue();
    await userEvent.click(await screen.findByRole('button', { name: 'Start visit' }));
    expect(await screen.findByText('Another doctor has already started this visit.')).toBeVisible();
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => url === '/api/visits/queue')).toHaveLength(2),
    );
    expect(location.history).toEqual(['/queue']);
  });
});
