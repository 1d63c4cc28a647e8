import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentVisit, Visit } from '@shared/visits';
import { activeEncounter } from '@/lib/active-encounter';
import { visitsKeys } from './api/query-keys';
import { useActiveEncounterSync } from './use-active-encounter-sync';

const open = { id: 'v1', status: 'waiting' } as Visit;

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => activeEncounter.set(null));
});

function answering(...answers: CurrentVisit[]) {
  const fetchMock = vi.fn();
  for (const answer of answers) {
    fetchMock.mockImplementationOnce(() => Promise.resolve(Response.json(answer)));
  }
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('useActiveEncounterSync', () => {
  it('holds the server’s open visit, and lets it go when the server has none', async () => {
    answering({ visit: open }, { visit: { ...open, status: 'in_progress' } }, { visit: null });
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    renderHook(() => useActiveEncounterSync(true), { wrapper });
    await waitFor(() => expect(activeEncounter.get()).toEqual({ id: 'v1', status: 'waiting' }));
    // A visit event or a reconnect of the stream reads it again.
    await act(() => client.invalidateQueries({ queryKey: visitsKeys.current() }));
    await waitFor(() => expect(activeEncounter.get()?.status).toBe('in_progress'));
    await act(() => client.invalidateQueries({ queryKey: visitsKeys.current() }));
    await waitFor(() => expect(activeEncounter.get()).toBeNull());
  });

  it('asks nothing for someone who is not a patient', () => {
    const fetchMock = answering({ visit: open });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
    );
    renderHook(() => useActiveEncounterSync(false), { wrapper });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
