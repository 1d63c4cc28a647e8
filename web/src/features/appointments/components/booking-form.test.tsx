import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Availability } from '@shared/appointments';
import { clinicMoment } from '@shared/clinic-time';
import { i18n } from '@/lib/i18n';
import { loadNepaliDates } from '@/lib/dates';
import { onlineStatus } from '@/lib/online-status';
import { BookingForm } from './booking-form';

const doctors = [
  { id: 'd1', name: 'Dr. Ram Thapa' },
  { id: 'd2', name: 'Dr. Sita Rai' },
];

/** 25 November 2026 (clinic day) with three free slots; the 26th full; the 27th with one. */
function availability(slots: string[], more: Partial<Availability> = {}): Availability {
  return {
    doctors,
    doctorId: 'd1',
    day: '2026-11-25',
    slots: slots.map((time) => ({
      startsAt: clinicMoment('2026-11-25', time).toISOString(),
      time,
    })),
    days: [
      { day: '2026-11-25', free: slots.length },
      { day: '2026-11-26', free: 0 },
      { day: '2026-11-27', free: 1 },
    ],
    ...more,
  };
}

afterEach(async () => {
  vi.unstubAllGlobals();
  onlineStatus.set(true);
  await i18n.changeLanguage('en');
});

function renderForm(onDone = vi.fn()) {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <BookingForm onDone={onDone} />
    </QueryClientProvider>,
  );
  return onDone;
}

describe('BookingForm', () => {
  it('reads a day whose hours are over as over, and a day off as off, not full', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          Response.json(
            availability([], {
              day: '2026-11-27',
              days: [
                { day: '2026-11-25', free: 0, closed: 'over' },
                { day: '2026-11-26', free: 0, closed: 'off' },
                { day: '2026-11-27', free: 0 },
              ],
            }),
          ),
        ),
      ),
    );
    renderForm();
    const days = within(await screen.findByRole('list', { name: 'Day' }));
    expect(days.getByRole('button', { name: /^Wed, Nov 25/ })).toHaveTextContent(/Day over$/);
    expect(days.getByRole('button', { name: /^Thu, Nov 26/ })).toHaveTextContent(/Day off$/);
    expect(days.getByRole('button', { name: /^Fri, Nov 27/ })).toHaveTextContent(/Full$/);
  });

  it('opens on the server’s doctor and day, with full days disabled and slots named by clinic time', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json(availability(['07:30', '07:45', '10:30'])))),
    );
    renderForm();
    const slots = within(await screen.findByRole('list', { name: 'Time (clinic time)' }));
    expect(slots.getAllByRole('button').map((button) => button.textContent)).toEqual([
      '07:30',
      '07:45',
      '10:30',
    ]);
    expect(screen.getByLabelText('Doctor')).toHaveValue('d1');
    const days = within(screen.getByRole('list', { name: 'Day' }));
    expect(days.getByRole('button', { name: /^Wed, Nov 25/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(days.getByRole('button', { name: /^Thu, Nov 26/ })).toBeDisabled();
    expect(days.getByRole('button', { name: /^Fri, Nov 27/ })).toBeEnabled();
  });

  it('asks for a time before booking, then books with the reason given', async () => {
    const fetchMock = vi.fn((url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        return Promise.resolve(Response.json({ ...JSON.parse(init.body as string) }));
      }
      return Promise.resolve(Response.json(availability(['07:30', '07:45'])));
    });
    vi.stubGlobal('fetch', fetchMock);
    const done = renderForm();
    await userEvent.click(await screen.findByRole('button', { name: 'Book appointment' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a time.');
    await userEvent.click(screen.getByRole('button', { name: '07:45' }));
    await userEvent.type(screen.getByLabelText('Reason'), '  Cough  ');
    await userEvent.click(screen.getByRole('button', { name: 'Book appointment' }));
    await vi.waitFor(() => expect(done).toHaveBeenCalledOnce());
    const [, init] = fetchMock.mock.calls.find(([, each]) => each?.method === 'POST')!;
    expect(JSON.parse(init!.body as string)).toMatchObject({
      doctorId: 'd1',
      // 07:45 in Kathmandu is 02:00 UTC.
      startsAt: '2026-11-25T02:00:00.000Z',
      reason: 'Cough',
    });
  });

  it('says a slot was just taken and shows the slots again without it', async () => {
    let taken = false;
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          taken = true;
          return Promise.resolve(
            Response.json(
              { error: { code: 'slot_taken', message: 'That time was just taken.' } },
              { status: 409 },
            ),
          );
        }
        return Promise.resolve(Response.json(availability(taken ? ['07:30'] : ['07:30', '07:45'])));
      }),
    );
    const done = renderForm();
    await userEvent.click(await screen.findByRole('button', { name: '07:45' }));
    await userEvent.click(screen.getByRole('button', { name: 'Book appointment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That time was just taken. Please choose another.',
    );
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: '07:45' })).toBeNull());
    expect(screen.getByRole('button', { name: '07:30' })).toBeVisible();
    expect(done).not.toHaveBeenCalled();
  });

  it('shows another day as chosen at once, and no slot of the day before while its own load', async () => {
    let answerDay: (answer: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        url.includes('day=2026-11-27')
          ? new Promise<Response>((resolve) => (answerDay = resolve))
          : Promise.resolve(Response.json(availability(['07:30', '07:45']))),
      ),
    );
    renderForm();
    const friday = await screen.findByRole('button', { name: /^Fri, Nov 27/ });
    await userEvent.click(friday);
    expect(friday).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('button', { name: '07:30' })).toBeNull();
    answerDay(
      Response.json({
        ...availability([]),
        day: '2026-11-27',
        slots: [{ startsAt: clinicMoment('2026-11-27', '09:00').toISOString(), time: '09:00' }],
      }),
    );
    expect(await screen.findByRole('button', { name: '09:00' })).toBeVisible();
    expect(screen.queryByRole('button', { name: '07:45' })).toBeNull();
  });

  it('says so when no doctor has hours', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(Response.json(availability([], { doctors: [], doctorId: null, days: [] }))),
      ),
    );
    renderForm();
    expect(await screen.findByText(/No doctor has opened hours for booking yet/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Book appointment' })).toBeNull();
  });

  it('says booking needs the connection while offline', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json(availability(['07:30'])))),
    );
    renderForm();
    await screen.findByRole('button', { name: '07:30' });
    onlineStatus.set(false);
    expect(await screen.findByText(/Booking needs an internet connection/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Book appointment' })).toBeDisabled();
  });

  it('writes BS days and Devanagari times for a Nepali reader', async () => {
    await loadNepaliDates();
    await i18n.changeLanguage('ne');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json(availability(['07:30'])))),
    );
    renderForm();
    expect(await screen.findByRole('button', { name: '०७:३०' })).toBeVisible();
    expect(screen.getByRole('button', { name: /^बुधबार, मंसिर ९/ })).toBeVisible();
    expect(screen.getByRole('button', { name: 'अपोइन्टमेन्ट बुक गर्नुहोस्' })).toBeVisible();
  });
});
