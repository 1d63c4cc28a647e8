import { QueryClient } from '@tanstack/react-query';
import type { Me } from '@shared/profile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from './api-client';
import { dataOwner } from './data-owner';
import { followSessionEnd, forgetOtherAccounts, sessionQueryOptions } from './session';

const maya: Me = {
  user: { id: 'maya', email: 'maya@example.com', emailVerified: true, twoFactorEnabled: false },
  profile: null,
  role: 'patient',
};
const conversationsKey = ['messaging', 'conversations'];

/** The server as the browser meets it: each path answers with the status the test gives it. */
function serverAnswering(statusOf: (path: string) => number) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string) => {
      asked.push(path);
      const status = statusOf(path);
      const body =
        status === 200
          ? maya
          : { error: { code: 'unauthorized', message: 'Please sign in to continue.' } };
      return Promise.resolve(new Response(JSON.stringify(body), { status }));
    }),
  );
  return asked;
}

let queryClient: QueryClient;
let forget: ReturnType<typeof vi.fn<() => Promise<void>>>;
let stop: () => void;

/** Maya signed in on this device, with a conversation loaded and her data kept. */
beforeEach(() => {
  queryClient = new QueryClient();
  const stopForgetting = forgetOtherAccounts(queryClient);
  queryClient.setQueryData(sessionQueryOptions.queryKey, maya);
  queryClient.setQueryData(conversationsKey, ['I am HIV positive']);
  dataOwner.set('maya');
  forget = vi.fn(() => Promise.resolve());
  const stopFollowing = followSessionEnd(queryClient, forget);
  stop = () => {
    stopFollowing();
    stopForgetting();
  };
});

afterEach(() => {
  stop();
  dataOwner.set(null);
  vi.unstubAllGlobals();
});

const signedInAs = () => queryClient.getQueryData<Me | null>(sessionQueryOptions.queryKey);

describe('a session the server ended', () => {
  it('ends on the device at the first 401: nobody signed in, her data dropped and erased', async () => {
    serverAnswering(() => 401);
    await expect(apiFetch('/api/visits/current')).rejects.toMatchObject({ status: 401 });
    expect(signedInAs()).toBeNull();
    expect(queryClient.getQueryData(conversationsKey)).toBeUndefined();
    expect(localStorage.getItem('sewa-data-owner')).toBeNull();
    expect(forget).toHaveBeenCalledOnce();
  });

  it('ends as well when the page’s own question, who is signed in, is refused', async () => {
    serverAnswering(() => 401);
    await queryClient.query({ ...sessionQueryOptions, staleTime: 0 });
    expect(signedInAs()).toBeNull();
    expect(forget).toHaveBeenCalledOnce();
  });

  it('is asked again after a 401 of the account system, such as a wrong password, whose answer decides', async () => {
    const asked = serverAnswering((path) => (path.startsWith('/api/auth/') ? 401 : 200));
    await expect(apiFetch('/api/auth/change-password', { method: 'POST' })).rejects.toMatchObject({
      status: 401,
    });
    await vi.waitFor(() => expect(asked).toContain('/api/me'));
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(signedInAs()).toEqual(maya);
    expect(queryClient.getQueryData(conversationsKey)).toEqual(['I am HIV positive']);
    expect(forget).not.toHaveBeenCalled();
  });

  it('erases nothing on a 401 when nobody is signed in on the device', async () => {
    queryClient.setQueryData(sessionQueryOptions.queryKey, null);
    dataOwner.set(null);
    serverAnswering(() => 401);
    await expect(apiFetch('/api/me')).rejects.toMatchObject({ status: 401 });
    expect(forget).not.toHaveBeenCalled();
  });

  it('ends in this tab too when another tab learnt it', () => {
    localStorage.removeItem('sewa-data-owner');
    window.dispatchEvent(new StorageEvent('storage', { key: 'sewa-data-owner', newValue: null }));
    expect(signedInAs()).toBeNull();
    expect(queryClient.getQueryData(conversationsKey)).toBeUndefined();
  });
});
