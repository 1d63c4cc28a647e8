import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CareCircle } from '@shared/care-circle';
import { CareCircleScreen } from './care-circle-screen';

vi.mock('@/lib/toast', () => {
  const toast = Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() });
  return { toast };
});

const circle: CareCircle = {
  caregivers: [
    {
      id: 'grant-1',
      personId: 'user-hari',
      name: 'Hari Sharma',
      email: 'hari@example.com',
      relationship: 'son',
      permissions: { record: true, message: false, visits: false },
      since: '2026-11-01T06:00:00.000Z',
    },
  ],
  invitations: [
    {
      id: 'invitation-1',
      email: 'gita@example.com',
      relationship: 'daughter',
      permissions: { record: true, message: true, visits: true },
      expiresAt: '2026-12-01T06:00:00.000Z',
      dependentId: null,
    },
  ],
  dependents: [
    { id: 'patient-anil', name: 'Anil Sharma', relationship: 'son', gender: 'male', ageYears: 7 },
  ],
};

function server() {
  const fetchMock = vi.fn<(path: string, init?: RequestInit) => Promise<Response>>((path, init) => {
    if (init?.method === 'DELETE') return Promise.resolve(new Response(null, { status: 204 }));
    if (init?.method === 'PATCH') {
      return Promise.resolve(
        Response.json({ ...circle.caregivers[0], ...JSON.parse(init.body as string) }),
      );
    }
    if (path === '/api/care-circle') return Promise.resolve(Response.json(circle));
    return Promise.resolve(Response.json([]));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderScreen() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CareCircleScreen />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the care circle', () => {
  it('lists caregivers, invitations and family members under its heading', async () => {
    server();
    renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Care circle' })).toBeVisible();
    expect(await screen.findByText('Hari Sharma')).toBeVisible();
    expect(screen.getByText('gita@example.com')).toBeVisible();
    // A pending invitation says what it grants.
    expect(screen.getByText(/They may: See my health record/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'ने' })).toBeVisible();
    expect(screen.getByText('Anil Sharma')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add a family member' })).toBeVisible();
  });

  it('changes a caregiver’s permissions, and removes their access', async () => {
    const fetchMock = server();
    const { toast } = await import('@/lib/toast');
    renderScreen();
    const row = (await screen.findByText('Hari Sharma')).closest('li')!;
    await userEvent.click(
      within(row).getByRole('checkbox', { name: 'Message my care team for me' }),
    );
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        '/api/care-circle/caregivers/grant-1',
        expect.objectContaining({
          method: 'PATCH',
          body: JSON.stringify({ permissions: { record: true, message: true, visits: false } }),
        }),
      ),
    );
    // One tap only asks: nothing is removed until the patient confirms.
    await userEvent.click(within(row).getByRole('button', { name: 'Remove access' }));
    const dialog = await screen.findByRole('dialog', { name: "Remove Hari Sharma's access?" });
    expect(fetchMock).not.toHaveBeenCalledWith(
      '/api/care-circle/caregivers/grant-1',
      expect.objectContaining({ method: 'DELETE' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep access' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(within(row).getByRole('button', { name: 'Remove access' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove access' }),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Access removed'));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/care-circle/caregivers/grant-1',
      expect.objectContaining({ method: 'DELETE' }),
    );
  });

  it('cancels an invitation', async () => {
    const fetchMock = server();
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel invitation' }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        '/api/care-circle/invitations/invitation-1',
        expect.objectContaining({ method: 'DELETE' }),
      ),
    );
  });

  it('opens the family member form', async () => {
    server();
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a family member' }));
    expect(screen.getByLabelText('First name')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save family member' })).toBeVisible();
    // One "Relationship" on the page: the invitation's form waits meanwhile.
    expect(screen.getAllByLabelText('Relationship')).toHaveLength(1);
  });
});

describe('a family member’s own login', () => {
  it('opens a form with only its own Email and mails the invitation', async () => {
    const fetchMock = server();
    const { toast } = await import('@/lib/toast');
    renderScreen();
    const row = (await screen.findByText('Anil Sharma')).closest('li')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Give them their own login' }));
    // One "Email" on the page: the invitation's form waits meanwhile.
    expect(screen.getAllByLabelText('Email')).toHaveLength(1);
    await userEvent.click(within(row).getByRole('button', { name: 'Send invitation' }));
    expect(await within(row).findByText('Please enter their email')).toBeVisible();
    await userEvent.type(within(row).getByLabelText('Email'), 'anil@example.com');
    await userEvent.click(within(row).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Invitation sent'));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/care-circle/dependents/patient-anil/login-invitation',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ email: 'anil@example.com' }),
      }),
    );
    // The form closes, and the caregiver's invitation form is back.
    await waitFor(() =>
      expect(within(row).queryByRole('button', { name: 'Send invitation' })).toBeNull(),
    );
    expect(screen.getAllByLabelText('Email')).toHaveLength(1);
  });

  it('lists a pending login with whose it is, to cancel like the others', async () => {
    const withLogin: CareCircle = {
      ...circle,
      invitations: [
        {
          id: 'invitation-2',
          email: 'anil@example.com',
          relationship: 'son',
          permissions: { record: true, message: true, visits: true },
          expiresAt: '2026-12-01T06:00:00.000Z',
          dependentId: 'patient-anil',
        },
      ],
    };
    const fetchMock = vi.fn<(path: string, init?: RequestInit) => Promise<Response>>(
      (path, init) => {
        if (init?.method === 'DELETE') return Promise.resolve(new Response(null, { status: 204 }));
        if (path === '/api/care-circle') return Promise.resolve(Response.json(withLogin));
        return Promise.resolve(Response.json([]));
      },
    );
    vi.stubGlobal('fetch', fetchMock);
    renderScreen();
    const row = (await screen.findByText('anil@example.com')).closest('li')!;
    expect(within(row).getByText(/A login for Anil Sharma/)).toBeVisible();
    await userEvent.click(within(row).getByRole('button', { name: 'Cancel invitation' }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        '/api/care-circle/invitations/invitation-2',
        expect.objectContaining({ method: 'DELETE' }),
      ),
    );
  });
});
