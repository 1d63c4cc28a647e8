import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CaredFor } from '@shared/care-circle';
import { CaringForSwitch } from '@/features/care-circle/components/caring-for-switch';
import {
  actingForNameOf,
  currentActingFor,
  forgetActingFor,
  scopedQueryHash,
  setActingFor,
} from '@/lib/acting-for';
import { dataOwner } from '@/lib/data-owner';
import { outbox } from '@/lib/outbox';
import { outboxStorage } from '@/lib/outbox-db';
import { toast } from '@/lib/toast';
import { useCareAccess } from './use-care-access';

vi.mock('@/lib/toast', () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }),
}));

const me = 'user-hari';

const sita: CaredFor = {
  patientId: 'patient-sita',
  name: 'Sita Sharma',
  relationship: 'parent',
  permissions: { record: true, message: false, visits: false },
  guardian: false,
};
const anil: CaredFor = {
  patientId: 'patient-anil',
  name: 'Anil Sharma',
  relationship: 'son',
  permissions: { record: true, message: true, visits: true },
  guardian: true,
};

/** The server's list of whom the account cares for, changed by the test. */
function caringForServer(initial: CaredFor[]) {
  let list = initial;
  const fetchMock = vi.fn((path: string) => {
    if (path === '/api/caring-for') return Promise.resolve(Response.json(list));
    return Promise.resolve(
      Response.json({ error: { code: 'care_access_ended', message: 'ended' } }, { status: 403 }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return { set: (next: CaredFor[]) => (list = next), fetchMock };
}

function Shell() {
  const people = useCareAccess(me, true);
  return <CaringForSwitch userId={me} people={people} />;
}

function renderShell() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { queryKeyHashFn: scopedQueryHash, retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <Shell />
    </QueryClientProvider>,
  );
  return queryClient;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await outbox.eraseAllBut(null);
  forgetActingFor(null);
  dataOwner.set(null);
});

describe('the Caring for switch', () => {
  it('offers Myself and each person by name, and acting for one is kept for the account', async () => {
    dataOwner.set(me);
    caringForServer([sita, anil]);
    renderShell();
    const select = await screen.findByRole('combobox', { name: 'Caring for' });
    expect(
      Array.from(select.querySelectorAll('option')).map((option) => option.textContent),
    ).toEqual(['Myself', 'Sita Sharma', 'Anil Sharma']);
    await userEvent.selectOptions(select, 'Sita Sharma');
    expect(currentActingFor()).toBe('patient-sita');
    await userEvent.selectOptions(select, 'Myself');
    expect(currentActingFor()).toBeNull();
  });

  it('is not shown to someone who cares for nobody', async () => {
    dataOwner.set(me);
    const server = caringForServer([]);
    renderShell();
    await waitFor(() => expect(server.fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('combobox', { name: 'Caring for' })).toBeNull();
  });
});

describe('a list restored from the device', () => {
  it('erases nobody for a list older than this page: a person added since stays', async () => {
    dataOwner.set(me);
    setActingFor(me, anil.patientId);
    caringForServer([sita, anil]);
    const queryClient = renderShell();
    await screen.findByRole('combobox', { name: 'Caring for' });
    // The snapshot kept before Anil was added, put back as the page starts.
    act(() => {
      queryClient.setQueryData(['caring-for'], [sita], { updatedAt: Date.now() - 60_000 });
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(currentActingFor()).toBe(anil.patientId);
  });
});

describe('access removed', () => {
  it('erases the person from the device once the server no longer lists them', async () => {
    dataOwner.set(me);
    setActingFor(me, sita.patientId);
    const server = caringForServer([sita, anil]);
    const queryClient = renderShell();
    await screen.findByRole('combobox', { name: 'Caring for' });
    queryClient.setQueryData(['vitals', sita.patientId], 'Sita’s readings');
    queryClient.setQueryData(['appointments', 'next'], 'Sita’s appointment');
    await outboxStorage.put({
      id: 'unsent-for-sita',
      ownerId: me,
      actingFor: sita.patientId,
      kind: 'note',
      key: 'k',
      payload: {},
      state: 'pending',
      reason: null,
      attempts: 0,
      createdAt: Date.now(),
      nextAttemptAt: Date.now() + 60_000,
    });

    server.set([anil]);
    // Asked again (as at start, focus and reconnect), the server no longer lists Sita.
    await act(() => queryClient.refetchQueries({ queryKey: ['caring-for'] }));

    await waitFor(() => expect(currentActingFor()).toBeNull());
    await waitFor(async () => expect(await outbox.entriesOf(me)).toEqual([]));
    const hashes = queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.queryHash);
    expect(hashes.some((hash) => hash.includes(sita.patientId))).toBe(false);
    expect(
      Array.from(
        screen.getByRole('combobox', { name: 'Caring for' }).querySelectorAll('option'),
      ).map((option) => option.textContent),
    ).toEqual(['Myself', 'Anil Sharma']);
  });

  it('erases the person when a request for them is refused with care_access_ended', async () => {
    dataOwner.set(me);
    setActingFor(me, sita.patientId);
    caringForServer([sita]);
    const queryClient = renderShell();
    await screen.findByRole('combobox', { name: 'Caring for' });
    queryClient.setQueryData(['appointments', 'next'], 'Sita’s appointment');

    const { apiFetch } = await import('@/lib/api-client');
    await expect(apiFetch('/api/appointments/next')).rejects.toMatchObject({ status: 403 });

    await waitFor(() => expect(currentActingFor()).toBeNull());
    const hashes = queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.queryHash);
    expect(hashes.some((hash) => hash.includes(sita.patientId))).toBe(false);
  });

  it('names the person whose access ended, also on a page opened after it ended', async () => {
    dataOwner.set(me);
    // Chosen on this device earlier; by the time the app opens again she has removed him.
    setActingFor(me, sita.patientId, 'Sita Sharma');
    caringForServer([]);
    renderShell();
    await waitFor(() => expect(currentActingFor()).toBeNull());
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        "You no longer have access to Sita Sharma's record. Their data was removed from this device.",
      ),
    );
  });

  it('keeps the name of the person chosen with the choice', async () => {
    dataOwner.set(me);
    caringForServer([sita, anil]);
    renderShell();
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Caring for' }),
      'Anil Sharma',
    );
    expect(actingForNameOf(me, anil.patientId)).toBe('Anil Sharma');
  });
});
