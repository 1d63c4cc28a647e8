import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { careCircleMessages } from '@shared/care-circle';
import { i18n } from '@/lib/i18n';
import { DependentForm } from './dependent-form';
import { InviteForm } from './invite-form';

vi.mock('@/lib/toast', () => {
  const toast = Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() });
  return { toast };
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

function renderIn(children: ReactNode) {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}
    >
      {children}
    </QueryClientProvider>,
  );
}

function serverAnswering(answer: Response) {
  const fetchMock = vi.fn<(path: string, init?: RequestInit) => Promise<Response>>(() =>
    Promise.resolve(answer),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const bodyOf = (init: RequestInit | undefined): unknown => JSON.parse(init?.body as string);

describe('the invite form', () => {
  it('asks for an email, a relationship and at least one permission before sending', async () => {
    const fetchMock = serverAnswering(Response.json({}));
    renderIn(<InviteForm />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'See my health record' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Please enter their email')).toBeVisible();
    expect(screen.getByText('Please choose a relationship')).toBeVisible();
    expect(screen.getByText('Please choose at least one permission')).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the invitation as the contract has it and says so', async () => {
    const { toast } = await import('@/lib/toast');
    const fetchMock = serverAnswering(
      Response.json(
        {
          id: 'i1',
          email: 'hari@example.com',
          relationship: 'son',
          permissions: { record: true, message: true, visits: false },
          expiresAt: '2026-12-01T00:00:00.000Z',
        },
        { status: 201 },
      ),
    );
    renderIn(<InviteForm />);
    await userEvent.type(screen.getByLabelText('Email'), 'hari@example.com');
    await userEvent.selectOptions(screen.getByLabelText('Relationship'), 'Son');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Message my care team for me' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Invitation sent'));
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/care-circle/invitations');
    expect(bodyOf(init)).toEqual({
      email: 'hari@example.com',
      relationship: 'son',
      permissions: { record: true, message: true, visits: false },
    });
  });

  it('shows the server’s refusal in the reader’s language', async () => {
    await i18n.changeLanguage('ne');
    serverAnswering(
      Response.json(
        { error: { code: 'conflict', message: careCircleMessages.alreadyInCircle } },
        { status: 409 },
      ),
    );
    renderIn(<InviteForm />);
    await userEvent.type(screen.getByLabelText('इमेल'), 'hari@example.com');
    await userEvent.selectOptions(screen.getByLabelText('नाता'), 'छोरा');
    await userEvent.click(screen.getByRole('button', { name: 'निम्तो पठाउनुहोस्' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'यो व्यक्तिले पहिले नै तपाईंको हेरचाह गर्नुहुन्छ',
    );
  });
});

describe('the family member form', () => {
  it('checks the person as onboarding does, and a relationship', async () => {
    const fetchMock = serverAnswering(Response.json({}));
    renderIn(<DependentForm onDone={() => undefined} />);
    await userEvent.type(screen.getByLabelText('Age'), '150');
    await userEvent.click(screen.getByRole('button', { name: 'Save family member' }));
    expect(await screen.findByText('Please enter your first name')).toBeVisible();
    expect(screen.getByText('Please enter a valid age')).toBeVisible();
    expect(screen.getByText('Please choose a relationship')).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('adds the family member with a BS date of birth and the relationship', async () => {
    const onDone = vi.fn();
    const fetchMock = serverAnswering(
      Response.json(
        { id: 'd1', name: 'Anil Sharma', relationship: 'son', gender: 'male', ageYears: 26 },
        { status: 201 },
      ),
    );
    renderIn(<DependentForm onDone={onDone} />);
    await userEvent.type(screen.getByLabelText('First name'), 'Anil');
    await userEvent.type(screen.getByLabelText('Last name'), 'Sharma');
    await userEvent.selectOptions(screen.getByLabelText('Gender'), 'Male');
    await userEvent.click(screen.getByLabelText('BS (Bikram Sambat)'));
    await userEvent.type(screen.getByLabelText('Date of birth (BS)'), '2056-10-01');
    await userEvent.selectOptions(screen.getByLabelText('Relationship'), 'Son');
    await userEvent.click(screen.getByRole('button', { name: 'Save family member' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/care-circle/dependents');
    expect(bodyOf(init)).toMatchObject({
      relationship: 'son',
      profile: { first_name: 'Anil', last_name: 'Sharma', gender: 'male', date_system: 'bs' },
    });
  });
});
