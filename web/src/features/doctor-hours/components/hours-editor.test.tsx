import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { suggestedWeek, type DoctorHours } from '@shared/appointments';
import { Toaster } from '@/components/ui/toaster';
import { i18n } from '@/lib/i18n';
import { HoursEditor } from './hours-editor';

const unsaved: DoctorHours = {
  doctorId: 'd1',
  doctorName: 'Dr. Ram Thapa',
  saved: false,
  slotMinutes: 15,
  week: [...suggestedWeek],
  daysOff: [],
};

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

function renderEditor(hours: DoctorHours = unsaved) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <HoursEditor hours={hours} />
      <Toaster theme="light" />
    </QueryClientProvider>,
  );
}

const day = (name: string) => within(screen.getByRole('group', { name }));

describe('HoursEditor', () => {
  it('starts an unsaved doctor from the suggested week, Saturday off, and says it is not offered yet', () => {
    renderEditor();
    expect(screen.getByText(/not offered for booking until they are saved/)).toBeVisible();
    expect(day('Sunday').getByLabelText('Works this day')).toBeChecked();
    expect(day('Sunday').getByLabelText('Start')).toHaveValue('10:00');
    expect(day('Sunday').getByLabelText('End')).toHaveValue('17:00');
    expect(day('Saturday').getByLabelText('Works this day')).not.toBeChecked();
    expect(day('Saturday').queryByLabelText('Start')).toBeNull();
    expect(screen.getByLabelText('Slot length')).toHaveValue('15');
  });

  it('refuses a day that ends before it starts, naming the day', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderEditor();
    const monday = day('Monday');
    await userEvent.clear(monday.getByLabelText('End'));
    await userEvent.type(monday.getByLabelText('End'), '09:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save hours' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Monday: The end of the day must be after its start.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('saves the week worked, the slot length and the days off', async () => {
    const fetchMock = vi.fn((_url: string, init?: RequestInit) =>
      Promise.resolve(
        Response.json({ ...unsaved, saved: true, ...JSON.parse(init?.body as string) }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderEditor();
    await userEvent.click(day('Saturday').getByLabelText('Works this day'));
    await userEvent.click(day('Friday').getByLabelText('Works this day'));
    await userEvent.selectOptions(screen.getByLabelText('Slot length'), '30');
    await userEvent.type(screen.getByLabelText('Day off'), '2099-01-05');
    await userEvent.click(screen.getByRole('button', { name: 'Add day off' }));
    expect(screen.getByText('Monday, January 5, 2099')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Save hours' }));
    expect(await screen.findByText('Hours saved')).toBeVisible();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/doctors/d1/hours');
    const body = JSON.parse(init!.body as string) as { week: { weekday: number }[] };
    expect(body).toMatchObject({ slotMinutes: 30, daysOff: ['2099-01-05'] });
    expect(body.week.map((each) => each.weekday)).toEqual([0, 1, 2, 3, 4, 6]);
  });

  it('says why a day off is not added, rather than the press doing nothing', async () => {
    renderEditor({ ...unsaved, daysOff: ['2099-01-05'] });
    const add = screen.getByRole('button', { name: 'Add day off' });
    await userEvent.click(add);
    expect(screen.getByRole('alert')).toHaveTextContent('Choose the day off first.');
    expect(screen.getByLabelText('Day off')).toHaveAccessibleDescription(
      'Choose the day off first.',
    );
    await userEvent.type(screen.getByLabelText('Day off'), '2099-01-05');
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(add);
    expect(screen.getByRole('alert')).toHaveTextContent('That day is already listed as a day off.');
    await userEvent.clear(screen.getByLabelText('Day off'));
    await userEvent.type(screen.getByLabelText('Day off'), '2020-01-06');
    await userEvent.click(add);
    expect(screen.getByRole('alert')).toHaveTextContent('A day off cannot be in the past.');
    expect(screen.getAllByText(/January 5, 2099/)).toHaveLength(1);
  });

  it('shows a server refusal in Nepali', async () => {
    await i18n.changeLanguage('ne');
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          Response.json(
            { error: { code: 'not_found', message: 'No such doctor' } },
            { status: 404 },
          ),
        ),
      ),
    );
    renderEditor({ ...unsaved, saved: true });
    await userEvent.click(screen.getByRole('button', { name: 'समय सुरक्षित गर्नुहोस्' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('यस्तो डाक्टर भेटिएन।');
  });
});
