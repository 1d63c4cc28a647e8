import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { addClinicDays, clinicMoment, clinicToday } from '@shared/clinic-time';
import type { Visit } from '@shared/visits';
import { i18n } from '@/lib/i18n';
import { testVisit } from '@/test-visit';
import { WaitingRoom } from './waiting-room';

const queued = testVisit({ position: 3, estimatedWaitMinutes: 12 });

afterEach(() => {
  vi.unstubAllGlobals();
  return i18n.changeLanguage('en');
});

function renderRoom(visit: Visit) {
  const location = memoryLocation({ path: `/visit/${visit.id}`, record: true });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Router hook={location.hook}>
        <WaitingRoom visit={visit} />
      </Router>
    </QueryClientProvider>,
  );
  return location;
}

describe('WaitingRoom', () => {
  it('shows the place in line and the estimate', () => {
    renderRoom(queued);
    expect(screen.getByText('You are number 3 in line')).toBeVisible();
    expect(screen.getByText('About 12 minutes until a doctor sees you')).toBeVisible();
  });

  it('says a doctor comes soon when there is no estimate, and one minute in the singular', () => {
    renderRoom({ ...queued, estimatedWaitMinutes: null });
    expect(screen.getByText('A doctor will see you soon')).toBeVisible();
  });

  it('with no doctor on duty, says when one next is and offers booking or a message, never a wait', async () => {
    const nextAt = clinicMoment(addClinicDays(clinicToday(), 1), '07:30').toISOString();
    renderRoom({
      ...queued,
      estimatedWaitMinutes: null,
      doctorOnDuty: false,
      nextDoctorAt: nextAt,
    });
    expect(screen.getByText('No doctor is on duty now')).toBeVisible();
    expect(screen.getByText('A doctor is next available tomorrow at 07:30.')).toBeVisible();
    expect(screen.queryByText(/minutes? until a doctor sees you/)).toBeNull();
    expect(screen.queryByText('A doctor will see you soon')).toBeNull();
    expect(screen.getByRole('link', { name: 'Book an appointment' })).toHaveAttribute(
      'href',
      '/appointments/book',
    );
    expect(screen.getByRole('link', { name: 'Message your care team' })).toHaveAttribute(
      'href',
      '/messages',
    );
    expect(screen.getByRole('button', { name: 'Leave waiting room' })).toBeVisible();
    cleanup();
    await i18n.changeLanguage('ne');
    renderRoom({
      ...queued,
      estimatedWaitMinutes: null,
      doctorOnDuty: false,
      nextDoctorAt: nextAt,
    });
    expect(screen.getByText('अर्को डाक्टर भोलि ०७:३० बजे उपलब्ध हुनुहुन्छ।')).toBeVisible();
  });

  it('writes the numbers in Devanagari for a Nepali reader', async () => {
    await i18n.changeLanguage('ne');
    renderRoom(queued);
    expect(screen.getByText('लाइनमा तपाईं ३ नम्बरमा हुनुहुन्छ')).toBeVisible();
    expect(screen.getByText('डाक्टरले हेर्न लगभग १२ मिनेट लाग्छ')).toBeVisible();
    expect(screen.getByRole('button', { name: 'प्रतीक्षा कक्ष छोड्नुहोस्' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'भेटको कारण' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'कारण सुरक्षित गर्नुहोस्' })).toBeVisible();
  });

  it('starts with an empty, optional reason and never shows sample text for it', () => {
    renderRoom({ ...queued, reason: '' });
    expect(screen.getByRole('textbox', { name: 'Reason for visit' })).toHaveValue('');
    expect(
      screen.getByText('Optional. Tell the doctor in a few words why you came.'),
    ).toBeVisible();
    expect(screen.queryByText(/Blood pressure review|Reason:/)).toBeNull();
  });

  it('saves the reason the patient gives, trimmed', async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(Response.json({ ...queued, reason: 'Headache' })),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderRoom({ ...queued, reason: '' });
    const field = screen.getByRole('textbox', { name: 'Reason for visit' });
    await userEvent.type(field, '  Headache  ');
    await userEvent.click(screen.getByRole('button', { name: 'Save reason' }));
    await vi.waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        `/api/visits/${queued.id}/reason`,
        expect.objectContaining({ method: 'PUT', body: '{"reason":"Headache"}' }),
      ),
    );
    await vi.waitFor(() => expect(field).toHaveValue('Headache'));
  });

  it('asks for words before saving, and says when the visit has ended meanwhile', async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        Response.json(
          { error: { code: 'visit_closed', message: 'This visit has ended.' } },
          { status: 409 },
        ),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderRoom({ ...queued, reason: '' });
    await userEvent.click(screen.getByRole('button', { name: 'Save reason' }));
    expect(screen.getByText('Please give a reason for the visit')).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.type(screen.getByRole('textbox', { name: 'Reason for visit' }), 'Fever');
    await userEvent.click(screen.getByRole('button', { name: 'Save reason' }));
    expect(await screen.findByText('This visit has already ended.')).toBeVisible();
  });

  it('cancels the visit on "Leave waiting room" and goes home', async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(Response.json({ ...queued, status: 'cancelled', position: null })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const location = renderRoom(queued);
    await userEvent.click(screen.getByRole('button', { name: 'Leave waiting room' }));
    await vi.waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/visits/${queued.id}/cancel`,
      expect.objectContaining({ method: 'POST' }),
    );
  });
});
