import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { CaredFor, InvitationPreview } from '@shared/care-circle';
import type { Me } from '@shared/profile';
import { sessionQueryOptions } from '@/lib/session';
import { InvitationScreen } from './invitation-screen';

vi.mock('@/lib/toast', () => {
  const toast = Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() });
  return { toast };
});

const token = 'A'.repeat(52);

const preview: InvitationPreview = {
  kind: 'caregiver',
  patientName: 'Sita Sharma',
  email: 'hari@example.com',
  relationship: 'son',
  permissions: { record: true, message: false, visits: true },
  expiresAt: '2026-12-01T06:00:00.000Z',
};

const sita: CaredFor = {
  patientId: 'patient-sita',
  name: 'Sita Sharma',
  relationship: 'son',
  permissions: preview.permissions,
  guardian: false,
};

const loginPreview: InvitationPreview = {
  kind: 'login',
  patientName: 'Maya Sharma',
  email: 'maya@example.com',
  relationship: 'daughter',
  permissions: { record: true, message: true, visits: true },
  expiresAt: '2026-12-01T06:00:00.000Z',
};

function server(
  offered = preview,
  claimed: Response = Response.json({ email: 'maya@example.com' }),
) {
  const fetchMock = vi.fn<(path: string, init?: RequestInit) => Promise<Response>>((path) => {
    if (path.endsWith('/accept')) return Promise.resolve(Response.json(sita));
    if (path.endsWith('/claim')) return Promise.resolve(claimed);
    if (path.startsWith('/api/care-invitations/')) return Promise.resolve(Response.json(offered));
    return Promise.resolve(Response.json([]));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderScreen(me: Me | null) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(sessionQueryOptions.queryKey, me);
  const location = memoryLocation({ path: `/care-invitation/${token}`, record: true });
  render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook}>
        <InvitationScreen token={token} />
      </Router>
    </QueryClientProvider>,
  );
  return location;
}

afterEach(() => vi.unstubAllGlobals());

describe('an invitation’s page', () => {
  it('says who invites, as what, and what they grant', async () => {
    server();
    renderScreen(null);
    expect(await screen.findByText('Sita Sharma invites you to their care circle')).toBeVisible();
    expect(screen.getByText('See my health record')).toBeVisible();
    expect(screen.getByText('Book and join visits for me')).toBeVisible();
    expect(screen.queryByText('Message my care team for me')).toBeNull();
  });

  it('signed out, leads to sign-up with the token and address filled in, or to sign in and back', async () => {
    server();
    renderScreen(null);
    const signUp = await screen.findByRole('link', { name: 'Create an account' });
    const href = new URL(signUp.getAttribute('href') ?? '', 'http://localhost');
    expect(href.pathname).toBe('/signup');
    expect(href.searchParams.get('invitation')).toBe(token);
    expect(href.searchParams.get('email')).toBe('hari@example.com');
    const signIn = screen.getByRole('link', { name: 'Sign in and come back here' });
    expect(
      new URL(signIn.getAttribute('href') ?? '', 'http://localhost').searchParams.get('next'),
    ).toBe(`/care-invitation/${token}`);
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
  });

  it('signed in, accepts it and goes home', async () => {
    const fetchMock = server();
    const location = renderScreen({ user: { id: 'user-hari', email: 'hari@example.com' } } as Me);
    await userEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/care-invitations/${token}/accept`,
      expect.objectContaining({ method: 'POST' }),
    );
    const { toast } = await import('@/lib/toast');
    expect(toast.success).toHaveBeenCalledWith('You now care for Sita Sharma');
  });
});

describe('a family member’s own login, from its link', () => {
  it('says whose login it is, holds the sign-up page’s rules, and leads to sign-in', async () => {
    const fetchMock = server(loginPreview);
    renderScreen(null);
    expect(await screen.findByText('A login for Maya Sharma')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
    const create = screen.getByRole('button', { name: 'Create my login' });

    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'short');
    await userEvent.click(create);
    expect(await screen.findByText('Your password must have at least 8 characters.')).toBeVisible();

    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.type(screen.getByLabelText('New password'), 'correct horse 42');
    await userEvent.click(create);
    expect(await screen.findByText('The passwords do not match.')).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalledWith(
      expect.stringMatching(/\/claim$/),
      expect.anything(),
    );

    await userEvent.clear(screen.getByLabelText('Confirm password'));
    await userEvent.type(screen.getByLabelText('Confirm password'), 'correct horse 42');
    await userEvent.click(create);
    expect(
      await screen.findByText('Your login is ready. Sign in with maya@example.com.'),
    ).toBeVisible();
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/care-invitations/${token}/claim`,
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ password: 'correct horse 42' }),
      }),
    );
    const signIn = screen.getByRole('link', { name: 'Sign in' });
    const href = new URL(signIn.getAttribute('href') ?? '', 'http://localhost');
    expect(href.pathname).toBe('/login');
    expect(href.searchParams.get('email')).toBe('maya@example.com');
  });

  it('says so when the address already has an account', async () => {
    server(
      loginPreview,
      Response.json(
        {
          error: { code: 'conflict', message: 'This email address already has a Sewa account' },
        },
        { status: 409 },
      ),
    );
    renderScreen(null);
    await userEvent.type(await screen.findByLabelText('New password'), 'correct horse 42');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'correct horse 42');
    await userEvent.click(screen.getByRole('button', { name: 'Create my login' }));
    expect(await screen.findByText('This email address already has a Sewa account')).toBeVisible();
  });
});
