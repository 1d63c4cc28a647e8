import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { testVisit } from '@/test-visit';
import { CallHeader, callLength } from './call-screen';

afterEach(() => {
  vi.useRealTimers();
  return i18n.changeLanguage('en');
});

describe('callLength', () => {
  it('reads as a clock from the moment both were in', () => {
    expect(callLength(0)).toBe('0:00');
    expect(callLength(65_400)).toBe('1:05');
    expect(callLength(59 * 60_000 + 59_999)).toBe('59:59');
    expect(callLength(3_600_000 + 2 * 60_000 + 3_000)).toBe('1:02:03');
    // A clock a little behind the server's never reads below zero.
    expect(callLength(-4_000)).toBe('0:00');
  });
});

describe('CallHeader', () => {
  const now = Date.parse('2026-11-23T08:30:00.000Z');
  const inCall = testVisit({
    status: 'in_progress',
    doctorId: 'd1',
    doctorName: 'Dr. Ram Thapa',
    startedAt: '2026-11-23T08:25:00.000Z',
    inProgressAt: new Date(now - 65_000).toISOString(),
  });

  it("shows the doctor the patient's name and the call's length since both were in", () => {
    vi.useFakeTimers({ now, toFake: ['Date'] });
    render(<CallHeader visit={inCall} role="doctor" />);
    expect(screen.getByRole('heading', { name: 'Sita Sharma' })).toBeVisible();
    expect(screen.getByText('1:05')).toBeVisible();
    expect(screen.getByText('Call length', { exact: false })).toBeInTheDocument();
  });

  it('shows the patient their doctor, and no length before both are in, in Nepali digits', async () => {
    vi.useFakeTimers({ now, toFake: ['Date'] });
    render(<CallHeader visit={{ ...inCall, inProgressAt: null }} role="patient" />);
    expect(screen.getByRole('heading', { name: 'Dr. Ram Thapa' })).toBeVisible();
    expect(screen.queryByText('Call length', { exact: false })).toBeNull();
    await i18n.changeLanguage('ne');
    render(<CallHeader visit={inCall} role="patient" />);
    expect(screen.getByText('१:०५')).toBeVisible();
  });
});
