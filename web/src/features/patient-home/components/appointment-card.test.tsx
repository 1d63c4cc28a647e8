import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Appointment } from '@shared/appointments';
import { activeEncounter } from '@/lib/active-encounter';
import { i18n } from '@/lib/i18n';
import { loadNepaliDates } from '@/lib/dates';
import { AppointmentCard } from './appointment-card';

// 10:00 clinic time on 23 November 2026 (04:15 UTC).
const now = Date.parse('2026-11-23T04:15:00.000Z');

/** Booked with Dr. Ram Thapa at `time` clinic time on 23 November 2026 (04:15 UTC is 10:00). */
function appointmentAt(
  startsAt: string,
  time: string,
  more: Partial<Appointment> = {},
): Appointment {
  const start = Date.parse(startsAt);
  return {
    id: '6f1c2d4e-0000-4000-8000-0000000000a1',
    status: 'booked',
    patientId: 'patient-1',
    patientName: 'Sita Sharma',
    doctorId: 'doctor-1',
    doctorName: 'Dr. Ram Thapa',
    startsAt,
    endsAt: new Date(start + 15 * 60_000).toISOString(),
    day: '2026-11-23',
    time,
    reason: 'Blood pressure review',
    checkInOpensAt: new Date(start - 30 * 60_000).toISOString(),
    visitId: null,
    checkedInAt: null,
    ...more,
  };
}

afterEach(async () => {
  vi.useRealTimers();
  act(() => activeEncounter.set(null));
  await i18n.changeLanguage('en');
});

function renderCard(props: Parameters<typeof AppointmentCard>[0]) {
  vi.useFakeTimers({ now, toFake: ['Date'] });
  render(
    <Router hook={memoryLocation({ path: '/' }).hook}>
      <AppointmentCard {...props} />
    </Router>,
  );
  return within(screen.getByRole('region', { name: /Next appointment|अर्को अपोइन्टमेन्ट/ }));
}

describe('AppointmentCard', () => {
  it('says nothing is booked and offers "Schedule" and the virtual clinic', () => {
    const card = renderCard({ appointment: null });
    expect(card.getByText('No appointment booked.')).toBeVisible();
    expect(card.getByRole('link', { name: 'Schedule' })).toHaveAttribute(
      'href',
      '/appointments/book',
    );
    expect(card.getByRole('button', { name: 'Join Video Visit' })).toBeVisible();
    expect(card.queryByText('Upcoming')).toBeNull();
  });

  it('shows when (clinic time), with whom and why, and when check-in opens', () => {
    const card = renderCard({ appointment: appointmentAt('2026-11-23T07:15:00.000Z', '13:00') });
    expect(card.getByText('Upcoming')).toBeVisible();
    expect(card.getByText('Dr. Ram Thapa')).toBeVisible();
    expect(card.getByText('Blood pressure review')).toBeVisible();
    expect(card.getByText('Today at 13:00 · Video visit')).toBeVisible();
    expect(card.getByText('Check-in opens at 12:30')).toBeVisible();
    expect(card.queryByRole('button', { name: 'Check in' })).toBeNull();
    expect(card.getByRole('link', { name: 'Reschedule' })).toHaveAttribute(
      'href',
      '/appointments/book?reschedule=6f1c2d4e-0000-4000-8000-0000000000a1',
    );
    expect(card.getByRole('button', { name: 'Join Video Visit' })).toBeVisible();
  });

  it('offers "Check in" from 30 minutes before the start', async () => {
    const checkIn = vi.fn();
    const appointment = appointmentAt('2026-11-23T04:40:00.000Z', '10:25');
    const card = renderCard({ appointment, onCheckIn: checkIn });
    expect(card.queryByText(/Check-in opens/)).toBeNull();
    vi.useRealTimers();
    await userEvent.click(card.getByRole('button', { name: 'Check in' }));
    expect(checkIn).toHaveBeenCalledExactlyOnceWith(appointment);
  });

  it('has one primary button while "Check in" is offered: "Check in", not also "Join Video Visit"', () => {
    // The filled brand colour is the primary button's look.
    const primary = (element: HTMLElement) => element.classList.contains('bg-brand-700');
    const open = renderCard({
      appointment: appointmentAt('2026-11-23T04:40:00.000Z', '10:25'),
      onCheckIn: vi.fn(),
    });
    expect(primary(open.getByRole('button', { name: 'Check in' }))).toBe(true);
    expect(primary(open.getByRole('button', { name: 'Join Video Visit' }))).toBe(false);
  });

  it('keeps "Join Video Visit" the primary button when there is nothing to check in to', () => {
    const card = renderCard({ appointment: appointmentAt('2026-11-23T07:15:00.000Z', '13:00') });
    expect(card.getByRole('button', { name: 'Join Video Visit' })).toHaveClass('bg-brand-700');
  });

  it('cancels only once the patient confirms', async () => {
    const cancel = vi.fn();
    const appointment = appointmentAt('2026-11-23T07:15:00.000Z', '13:00');
    const card = renderCard({ appointment, onCancel: cancel });
    vi.useRealTimers();
    await userEvent.click(card.getByRole('button', { name: 'Cancel appointment' }));
    // The dialog's code comes in a chunk of its own.
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this appointment?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep appointment' }));
    expect(cancel).not.toHaveBeenCalled();
    // Kept: back on the button that asked, as if the dialog had never been.
    expect(card.getByRole('button', { name: 'Cancel appointment' })).toHaveFocus();
    await userEvent.click(card.getByRole('button', { name: 'Cancel appointment' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Cancel appointment',
      }),
    );
    expect(cancel).toHaveBeenCalledExactlyOnceWith(appointment);
  });

  it('says the status in words once checked in, without moving it', () => {
    const card = renderCard({
      appointment: appointmentAt('2026-11-23T04:40:00.000Z', '10:25', { status: 'checked_in' }),
      onCancel: vi.fn(),
      onCheckIn: vi.fn(),
    });
    expect(card.getByText('Checked in')).toBeVisible();
    expect(card.queryByRole('link', { name: 'Reschedule' })).toBeNull();
    expect(card.queryByRole('button', { name: 'Check in' })).toBeNull();
    expect(card.getByRole('button', { name: 'Cancel appointment' })).toBeVisible();
  });

  it('writes the day in Bikram Sambat and the time in Devanagari for a Nepali reader', async () => {
    await loadNepaliDates();
    await i18n.changeLanguage('ne');
    const card = renderCard({
      appointment: appointmentAt('2026-11-25T07:15:00.000Z', '13:00', { day: '2026-11-25' }),
    });
    expect(card.getByText('बुधबार, मंसिर ९, १३:०० बजे · भिडियो परामर्श')).toBeVisible();
    expect(card.getByText('चेक इन १२:३० बजे खुल्छ')).toBeVisible();
  });
});
