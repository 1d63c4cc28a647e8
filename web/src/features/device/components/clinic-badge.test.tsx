import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bindToClinic, switchToPersonal } from '@/lib/device-settings';
import { ClinicBadge } from './clinic-badge';

afterEach(() => {
  vi.restoreAllMocks();
  switchToPersonal();
});

describe('ClinicBadge', () => {
  it('is absent on a personal device', () => {
    render(<ClinicBadge />);
    expect(screen.queryByRole('button', { name: 'Clinic' })).toBeNull();
  });

  it("shows the clinic's name on a clinic device and says who may change it", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    render(<ClinicBadge />);
    act(() => bindToClinic('DEV-CLINIC-01', 'Bhaktapur Health Post'));

    const badge = screen.getByRole('button', { name: 'Clinic' });
    expect(badge).toHaveTextContent('Bhaktapur Health Post');
    await userEvent.click(badge);
    expect(alert).toHaveBeenCalledExactlyOnceWith(
      'Only managers can change clinic binding at this device.',
    );

    act(() => switchToPersonal());
    expect(screen.queryByRole('button', { name: 'Clinic' })).toBeNull();
    expect(localStorage.getItem('deviceMode')).toBe('personal');
    expect(localStorage.getItem('clinicCode')).toBeNull();
    expect(localStorage.getItem('clinicName')).toBeNull();
  });
});
