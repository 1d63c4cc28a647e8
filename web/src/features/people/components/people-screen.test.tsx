import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PeoplePage, Person } from '@shared/people';
import { Toaster } from '@/components/ui/toaster';
import { i18n } from '@/lib/i18n';
import { PeopleScreen } from './people-screen';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const clinic = { id: '6f1c2a52-3f0b-4c55-9a43-0d7f5d1e8a01', name: 'Sewa Virtual Clinic' };
const ram: Person = {
  id: 'user-ram',
  kind: 'account',
  name: 'Ram Thapa',
  email: 'doctor@example.com',
  phone: null,
  role: 'doctor',
  clinic,
  status: 'active',
  lastActiveAt: '2026-11-26T04:15:00.000Z',
  secondFactor: true,
  expiresAt: null,
};
const hari: Person = { ...ram, id: 'user-hari', name: 'Hari', role: 'admin', secondFactor: false };

interface Request {
  path: string;
  method: string;
  body: unknown;
}

/** The server: `GET /api/people` answers the list; a deactivation changes Ram's standing. */
function server() {
  const people = [structuredClone(ram), structuredClone(hari)];
  const requests: Request[] = [];
  const systems: unknown[] = [];
  vi.stubGlobal('fetch', (path: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ path, method, body });
    if (method === 'GET' && path.startsWith('/api/people')) {
      const q = new URL(path, 'http://sewa.test').searchParams.get('q')?.toLowerCase();
      const shown = people.filter((each) => !q || each.name.toLowerCase().includes(q));
      const page: PeoplePage = {
        people: shown,
        total: shown.length,
        page: 1,
        pageSize: 25,
        clinics: [clinic],
      };
      return Promise.resolve(Response.json(page));
    }
    if (method === 'GET' && path === '/api/smart-clients') {
      return Promise.resolve(Response.json({ clients: systems }));
    }
    if (method === 'POST' && path === '/api/smart-clients') {
      const made = {
        id: 'c5b1f8e2-6a3d-4c2b-9e1f-7d8a6b5c4e3f',
        ...(body as { name: string; scopes: string[] }),
        jwks: { keys: [{ kty: 'EC', kid: 'lab-1' }] },
        createdAt: '2026-11-27T06:00:00.000Z',
        createdBy: 'user-maya',
      };
      systems.push(made);
      return Promise.resolve(Response.json(made, { status: 201 }));
    }
    if (method === 'POST' && path === `/api/people/${ram.id}/deactivate`) {
      people[0]!.status = 'deactivated';
      return Promise.resolve(Response.json(people[0]));
    }
    return Promise.reject(new Error(`unexpected ${method} ${path}`));
  });
  return requests;
}

function renderScreen(myRole: 'admin' | 'superadmin' = 'admin') {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <PeopleScreen myRole={myRole} myId={hari.id} />
      <Toaster theme="light" />
    </QueryClientProvider>,
  );
}

describe('PeopleScreen', () => {
  it('lists the people with their role, clinic and standing, and offers nothing on oneself', async () => {
    server();
    renderScreen();
    const row = within((await screen.findByText('Ram Thapa')).closest('li')!);
    expect(row.getByText('Doctor · Sewa Virtual Clinic')).toBeVisible();
    expect(row.getByText('Active')).toBeVisible();
    expect(row.getByRole('button', { name: 'Reset second factor' })).toBeVisible();
    const own = within(screen.getByText('Hari').closest('li')!);
    expect(own.queryByRole('button')).toBeNull();
    expect(screen.getByRole('heading', { name: '2 people' })).toBeVisible();
  });

  it('searches as one types, and deactivates only after the confirmation', async () => {
    const requests = server();
    renderScreen();
    await screen.findByText('Ram Thapa');
    await userEvent.type(screen.getByLabelText('Search by name, e-mail or phone'), 'har');
    await waitFor(() => expect(screen.queryByText('Ram Thapa')).toBeNull());
    await userEvent.clear(screen.getByLabelText('Search by name, e-mail or phone'));
    const row = within((await screen.findByText('Ram Thapa')).closest('li')!);
    await userEvent.click(row.getByRole('button', { name: 'Deactivate' }));
    expect(row.getByText(/They are signed out everywhere at once/)).toBeVisible();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
    await userEvent.click(row.getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Ram Thapa is deactivated.')).toBeVisible();
    await waitFor(() =>
      expect(
        within(screen.getByText('Ram Thapa').closest('li')!).getByText('Deactivated'),
      ).toBeVisible(),
    );
  });

  it("registers the superadmin's FHIR systems, refusing keys that are no JWK Set before sending", async () => {
    const requests = server();
    renderScreen('superadmin');
    expect(await screen.findByText('No system is registered.')).toBeVisible();
    await userEvent.type(screen.getByLabelText('System name'), 'Dhulikhel Lab');
    await userEvent.type(screen.getByLabelText('Public keys (JWK Set)'), 'not json');
    await userEvent.type(screen.getByLabelText('Scopes'), 'system/Observation.rs');
    await userEvent.click(screen.getByRole('button', { name: 'Register system' }));
    expect(screen.getByText(/Give the public keys as a JWK Set/)).toBeVisible();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);

    await userEvent.clear(screen.getByLabelText('Public keys (JWK Set)'));
    await userEvent.click(screen.getByLabelText('Public keys (JWK Set)'));
    await userEvent.paste('{"keys": [{"kty": "EC", "kid": "lab-1", "crv": "P-384"}]}');
    await userEvent.click(screen.getByRole('button', { name: 'Register system' }));
    expect(await screen.findByText('Dhulikhel Lab is registered.')).toBeVisible();
    expect(
      requests.find((request) => request.path === '/api/smart-clients' && request.method === 'POST')
        ?.body,
    ).toEqual({
      name: 'Dhulikhel Lab',
      jwks: { keys: [{ kty: 'EC', kid: 'lab-1', crv: 'P-384' }] },
      scopes: ['system/Observation.rs'],
    });
  });
});
