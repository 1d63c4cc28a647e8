import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationSettings as Settings } from '@shared/notifications';
import { i18n } from '@/lib/i18n';
import NotificationSettings from './notification-settings';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const unverified: Settings = {
  phoneNumber: null,
  texts: true,
  medicationReminders: false,
  quietHours: { start: '21:00', end: '07:00' },
  language: 'en',
};

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** A server holding `settings`, taking codes, a verification and changes as the real one does. */
function server(initial: Settings) {
  let settings = initial;
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', (path: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    sent.push({ method, path, body });
    if (path === '/api/me') {
      return Promise.resolve(
        Response.json({ user: { id: 'u1', email: 'sita@example.com' }, role: 'patient' }),
      );
    }
    if (path === '/api/notifications/settings' && method === 'GET') {
      return Promise.resolve(Response.json(settings));
    }
    if (path === '/api/notifications/settings' && method === 'PATCH') {
      settings = { ...settings, ...(body as Partial<Settings>) };
      return Promise.resolve(Response.json(settings));
    }
    if (path === '/api/auth/phone-number/send-otp') return Promise.resolve(Response.json({}));
    if (path === '/api/auth/phone-number/verify') {
      const { phoneNumber, code } = body as { phoneNumber: string; code: string };
      if (code !== '123456') {
        return Promise.resolve(
          Response.json(
            { error: { code: 'invalid_otp', message: 'Invalid OTP' } },
            { status: 400 },
          ),
        );
      }
      settings = { ...settings, phoneNumber };
      return Promise.resolve(Response.json({ status: true }));
    }
    return Promise.reject(new Error(`unexpected ${method} ${path}`));
  });
  return sent;
}

function renderSettings() {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <NotificationSettings />
    </QueryClientProvider>,
  );
}

describe('Profile → Notifications', () => {
  it('verifies a Nepali mobile typed the way people write it, and shows it verified', async () => {
    const user = userEvent.setup();
    const sent = server(unverified);
    renderSettings();

    const number = await screen.findByLabelText('Mobile number');
    await user.type(number, '01-4123456');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a Nepali mobile number');
    expect(sent.some((request) => request.path.includes('send-otp'))).toBe(false);

    await user.clear(number);
    await user.type(number, '981-234 5678');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('We sent a code to +9779812345678.')).toBeInTheDocument();
    expect(sent.find((request) => request.path.includes('send-otp'))?.body).toEqual({
      phoneNumber: '+9779812345678',
    });

    await user.type(screen.getByLabelText('Code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right');

    await user.clear(screen.getByLabelText('Code'));
    await user.type(screen.getByLabelText('Code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Verified: +9779812345678')).toBeInTheDocument();
    expect(screen.queryByLabelText('Mobile number')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change number' })).toBeInTheDocument();
  });

  it('saves texts and medication reminders as they are switched', async () => {
    const user = userEvent.setup();
    const sent = server({ ...unverified, phoneNumber: '+9779812345678' });
    renderSettings();

    const texts = await screen.findByRole('switch', { name: 'Text messages' });
    const reminders = screen.getByRole('switch', { name: 'Medication reminders' });
    expect(texts).toBeChecked();
    expect(reminders).not.toBeChecked();
    await user.click(texts);
    await waitFor(() => expect(texts).not.toBeChecked());
    await user.click(reminders);
    await waitFor(() => expect(reminders).toBeChecked());
    expect(
      sent.filter((request) => request.method === 'PATCH').map((request) => request.body),
    ).toEqual([{ texts: false }, { medicationReminders: true }]);
  });

  it('shows "Text messages" off, and not to be switched, until a number is verified', async () => {
    // The stored choice is on, but no text can go to an account without a verified number.
    server(unverified);
    renderSettings();
    const texts = await screen.findByRole('switch', { name: 'Text messages' });
    expect(texts).not.toBeChecked();
    expect(texts).toBeDisabled();
    expect(texts).toHaveAccessibleDescription('Verify a mobile number first.');
  });

  it('shows the quiet hours and what they mean', async () => {
    server(unverified);
    renderSettings();
    expect(await screen.findByLabelText('Quiet from')).toHaveValue('21:00');
    expect(screen.getByLabelText('Quiet until')).toHaveValue('07:00');
    expect(screen.getByText(/wait until the morning/)).toHaveTextContent('never wait');
  });

  it('says plainly when this browser cannot take push notifications, and keeps the switch off', async () => {
    server(unverified);
    renderSettings();
    const push = await screen.findByRole('switch', { name: 'Push notifications' });
    expect(push).not.toBeChecked();
    expect(push).toBeDisabled();
    expect(screen.getByText('This browser cannot show push notifications.')).toBeInTheDocument();
  });

  it('refuses a number in Nepali for a Nepali reader', async () => {
    const user = userEvent.setup();
    await i18n.changeLanguage('ne');
    server(unverified);
    renderSettings();
    await user.type(await screen.findByLabelText('मोबाइल नम्बर'), '12345');
    await user.click(screen.getByRole('button', { name: 'कोड पठाउनुहोस्' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('नेपाली मोबाइल नम्बर लेख्नुहोस्');
  });
});
