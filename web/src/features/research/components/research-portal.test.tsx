import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { i18n } from '@/lib/i18n';
import { ResearchPortal } from './research-portal';

function renderPortal() {
  const { hook } = memoryLocation({ path: '/research' });
  render(
    <Router hook={hook}>
      <ResearchPortal />
    </Router>,
  );
  return vi.spyOn(window, 'alert').mockImplementation(() => undefined);
}

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

describe('ResearchPortal', () => {
  it('uppercases the code as it is typed and submits it in an alert', async () => {
    const alert = renderPortal();
    const code = screen.getByLabelText('Research code');
    const submit = screen.getByRole('button', { name: 'Continue' });
    expect(submit).toBeDisabled();

    await userEvent.type(code, ' study-42a ');
    expect(code).toHaveValue(' STUDY-42A ');
    await userEvent.click(submit);
    expect(alert).toHaveBeenCalledExactlyOnceWith('Code submitted: STUDY-42A');
  });

  it('says that scanning comes later', async () => {
    const alert = renderPortal();
    await userEvent.click(screen.getByRole('button', { name: 'Scan QR' }));
    expect(alert).toHaveBeenCalledExactlyOnceWith(
      'QR scanning will be available in a future update.',
    );
  });

  it('links researchers to sign-in', () => {
    renderPortal();
    expect(screen.getByRole('link', { name: 'Researcher sign in' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('raises its alerts in Nepali', async () => {
    await i18n.changeLanguage('ne');
    const alert = renderPortal();
    await userEvent.type(screen.getByLabelText('अनुसन्धान कोड'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'जारी राख्नुहोस्' }));
    await userEvent.click(screen.getByRole('button', { name: 'QR स्क्यान गर्नुहोस्' }));
    expect(alert.mock.calls).toEqual([
      ['कोड पेश गरियो: ABC'],
      ['QR स्क्यान गर्ने सुविधा आगामी अपडेटमा आउनेछ।'],
    ]);
  });
});
