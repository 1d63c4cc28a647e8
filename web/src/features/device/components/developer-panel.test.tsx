import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { appModeSetting } from '@/lib/device-settings';
import DeveloperPanel from './developer-panel';

function renderPanel() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DeveloperPanel open onOpenChange={() => undefined} />
    </QueryClientProvider>,
  );
}

afterEach(() => appModeSetting.set('dev'));

describe('DeveloperPanel', () => {
  it('asks for a clinic key before asking the server', async () => {
    renderPanel();
    const key = screen.getByLabelText('Clinic key');
    await userEvent.type(key, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Enable Clinic Mode' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a clinic key');
    expect(key).toHaveAttribute('aria-invalid', 'true');
    expect(localStorage.getItem('deviceMode')).toBeNull();
  });

  it('uppercases the clinic key as it is typed and offers the default clinic name', async () => {
    renderPanel();
    await userEvent.type(screen.getByLabelText('Clinic key'), 'dev-clinic');
    expect(screen.getByLabelText('Clinic key')).toHaveValue('DEV-CLINIC');
    expect(screen.getByLabelText('Clinic name')).toHaveAttribute(
      'placeholder',
      'Development Clinic',
    );
  });

  it('switches the app mode and keeps it', async () => {
    renderPanel();
    const official = screen.getByRole('button', { name: 'Official' });
    expect(official).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(official);
    expect(official).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem('appMode')).toBe('official');
    await userEvent.click(screen.getByRole('button', { name: 'Development' }));
    expect(localStorage.getItem('appMode')).toBe('dev');
  });
});
