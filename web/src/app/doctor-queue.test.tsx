import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { DoctorDay } from '@shared/appointments';
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
      flags: [],
    },
  ],
  waiting: 1,
  completedToday: 4,
  averageWaitMinutesToday: 6,
};

type DayAppointment = DoctorDay['appointments'][number];

const booked = (time: string, more: Partial<DayAppointment>): DayAppointment => ({
  id: crypto.randomUUID(),
  status: 'booked',
  patientId: 'p1',
  patientName: 'Hari Karki',
  doctorId: 'd1',
  doctorName: 'Dr. Ram Thapa',
  startsAt: `2026-11-23T0${time === '07:30' ? '1:45' : '4:15'}:00.000Z`,
  endsAt: '2026-11-23T05:00:00.000Z',
  day: '2026-11-23',
  time,
  reason: '',
  checkInOpensAt: '2026-11-23T01:15:00.000Z',
  visitId: null,
  checkedInAt: null,
  flags: [],
  ...more,
});

let today: DoctorDay = { day: '2026-11-23', appointments: [] };

afterEach(() => {
  vi.unstubAllGlobals();
  today = { day: '2026-11-23', appointments: [] };
});

/** Answers the queue and a start refused or accepted. */
function serverAnswering(start: Response) {
  const fetchMock = vi.fn((url: string) => {
    if (url === '/api/visits/queue') return Promise.resolve(Response.json(queue));
    if (url === '/api/appointments/today') return Promise.resolve(Response.json(today));
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
  it("lists today's appointments above the walk-in queue, with time, patient, reason and status", async () => {
    today = {
      day: '2026-11-23',
      appointments: [
        booked('07:30', { patientName: 'Hari Karki', reason: 'Diabetes follow-up' }),
        booked('10:00', {
          patientId: 'p2',
          patientName: 'Gita Rai',
          status: 'checked_in',
          flags: ['high-blood-pressure'],
        }),
      ],
    };
    serverAnswering(Response.json({}));
    const location = renderQueue();
    const day = screen.getByRole('region', { name: "Today's appointments" });
    const rows = await within(day).findAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      '07:30Hari KarkiDiabetes follow-upUpcoming',
      '10:00Gita RaiHigh blood pressureNo reason givenChecked in',
    ]);
    // Each row opens the patient's chart.
    await userEvent.click(within(rows[1]!).getByRole('link'));
    await vi.waitFor(() => expect(location.history.at(-1)).toBe('/chart/p2'));
    // Above the walk-ins: the day comes first in the page's order.
    const queueRegion = screen.getByRole('region', { name: 'Patients waiting' });
    expect(
      day.compareDocumentPosition(queueRegion) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('says when no appointment is booked for today', async () => {
    serverAnswering(Response.json({}));
    renderQueue();
    expect(await screen.findByText('No appointments booked for today.')).toBeVisible();
  });

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
