import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Me, Profile } from '@shared/profile';
import type { Role } from '@shared/role';
import { queueQueryOptions } from '@/features/visits/api/get-queue';
import { sessionQueryOptions } from '@/lib/session';
import HomePage from './home';

function profile(role: Role, firstName: string | null): Profile {
  return {
    id: 'user-1',
    first_name: firstName,
    last_name: null,
    gender: null,
    age: null,
    current_age: null,
    date_system: null,
    dob_ad: null,
    dob_bs: null,
    role,
    avatar_url: null,
  };
}

/** Renders home for the answer `GET /api/me` gave; returns where the router ended up. */
function renderHome(me: Me) {
  const client = new QueryClient();
  client.setQueryData(sessionQueryOptions.queryKey, me);
  client.setQueryData(queueQueryOptions.queryKey, {
    entries: [],
    waiting: 0,
    completedToday: 0,
    averageWaitMinutesToday: null,
  });
  const location = memoryLocation({ path: '/', record: true });
  render(
    <QueryClientProvider client={client}>
      <Router hook={location.hook}>
        <HomePage />
      </Router>
    </QueryClientProvider>,
  );
  return location;
}

const me = (role: Role, firstName: string | null = 'Sita'): Me => ({
  user: {
    id: 'user-1',
    email: 'someone@example.com',
    emailVerified: true,
    twoFactorEnabled: false,
  },
  profile: profile(role, firstName),
  role,
});

describe('home by role', () => {
  it('greets a patient by name', () => {
    renderHome(me('patient'));
    expect(screen.getByRole('heading', { name: 'Today' })).toBeVisible();
    expect(screen.getByText('Welcome, Sita')).toBeVisible();
  });

  // Their homes' code comes once the role is known (a patient's phone never loads it).
  it('shows a doctor the queue', async () => {
    renderHome(me('doctor'));
    expect(await screen.findByRole('heading', { name: 'Patient queue' })).toBeVisible();
    expect(await screen.findByText('No patients in queue')).toBeVisible();
  });

  it('shows the super admin the network', async () => {
    renderHome(me('superadmin'));
    expect(await screen.findByRole('heading', { name: 'Network overview' })).toBeVisible();
  });

  it('tells a researcher what the portal will offer and whom to ask, with Log out', async () => {
    renderHome(me('researcher', 'Bikash'));
    expect(await screen.findByRole('heading', { name: 'Research Portal', level: 1 })).toBeVisible();
    expect(screen.getByText('Welcome, Bikash.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'What the portal will offer' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Who to contact' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeEnabled();
    expect(screen.queryByText("This role's dashboard is under construction.")).toBeNull();
  });

  it.each(['manager', 'admin'] as const)('tells a %s it is coming soon', (role) => {
    renderHome(me(role));
    expect(screen.getByRole('heading', { name: 'Coming Soon' })).toBeVisible();
    expect(screen.getByText("This role's dashboard is under construction.")).toBeVisible();
  });

  it('welcomes an account the server names no role for', () => {
    renderHome({ ...me('patient'), role: undefined } as unknown as Me);
    expect(screen.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  });

  it('sends someone without a profile to onboarding', () => {
    const location = renderHome({ ...me('patient'), profile: null });
    expect(location.history).toEqual(['/onboarding']);
  });

  it.each([null, ''])('sends someone whose first name is %j to onboarding', (firstName) => {
    const location = renderHome(me('doctor', firstName));
    expect(location.history).toEqual(['/onboarding']);
  });
});
