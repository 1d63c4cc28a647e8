import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eraseAccountData, eraseCaredForData } from './account-data';
import {
  actingForOf,
  currentActingFor,
  forgetActingFor,
  onCareAccessEnded,
  scopedPatients,
  scopedQueryHash,
  setActingFor,
} from './acting-for';
import { apiFetch } from './api-client';
import { dataOwner } from './data-owner';
import { outbox } from './outbox';
import { outboxStorage } from './outbox-db';

const me = 'user-hari';
const sita = 'patient-sita';
const gita = 'patient-gita';

function fetchAnswering(answer: () => Response = () => Response.json({})) {
  const fetchMock = vi.fn<(path: string, init?: RequestInit) => Promise<Response>>(() =>
    Promise.resolve(answer()),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const headerOf = (init: RequestInit | undefined) =>
  new Headers(init?.headers).get('sewa-acting-for');

/** A query client as the app builds it: queries kept apart by whom they were asked for. */
const appClient = () =>
  new QueryClient({ defaultOptions: { queries: { queryKeyHashFn: scopedQueryHash } } });

afterEach(async () => {
  vi.unstubAllGlobals();
  await outbox.eraseAllBut(null);
  dataOwner.set(null);
  forgetActingFor(null);
});

describe('acting for someone', () => {
  it('is the signed-in account’s choice on this device, nobody else’s', () => {
    dataOwner.set(me);
    setActingFor(me, sita);
    expect(currentActingFor()).toBe(sita);
    expect(actingForOf('someone-else')).toBeNull();
    dataOwner.set('someone-else');
    expect(currentActingFor()).toBeNull();
  });

  it('is forgotten with the account’s data (a sign-out, another account signing in)', async () => {
    dataOwner.set(me);
    setActingFor(me, sita);
    await eraseAccountData('another-account');
    dataOwner.set(me);
    expect(currentActingFor()).toBeNull();
  });

  it('names the patient on every request about a patient, never on the account’s own', async () => {
    dataOwner.set(me);
    setActingFor(me, sita);
    const fetchMock = fetchAnswering();
    await apiFetch('/api/patients/patient-sita/vitals');
    await apiFetch('/api/messaging/care-team');
    await apiFetch('/api/me');
    await apiFetch('/api/caring-for');
    await apiFetch('/api/profile', { method: 'PUT', body: '{}' });
    const headers = fetchMock.mock.calls.map(([, init]) => headerOf(init));
    expect(headers).toEqual([sita, sita, null, null, null]);

    setActingFor(me, null);
    await apiFetch('/api/messaging/care-team');
    expect(headerOf(fetchMock.mock.calls.at(-1)?.[1])).toBeNull();
  });

  it('hears a 403 care_access_ended with the patient the request was for', async () => {
    dataOwner.set(me);
    setActingFor(me, sita);
    fetchAnswering(() =>
      Response.json({ error: { code: 'care_access_ended', message: 'ended' } }, { status: 403 }),
    );
    const ended = vi.fn();
    const stop = onCareAccessEnded(ended);
    await expect(apiFetch('/api/appointments/next')).rejects.toMatchObject({ status: 403 });
    stop();
    expect(ended).toHaveBeenCalledWith(sita);
  });

  it('keeps each person’s queries apart, the account’s own ones shared', () => {
    dataOwner.set(me);
    const queryClient = appClient();
    queryClient.setQueryData(['appointments', 'next'], 'mine');
    queryClient.setQueryData(['session'], 'me');
    setActingFor(me, sita);
    expect(queryClient.getQueryData(['appointments', 'next'])).toBeUndefined();
    queryClient.setQueryData(['appointments', 'next'], 'sita’s');
    expect(queryClient.getQueryData(['session'])).toBe('me');
    setActingFor(me, null);
    expect(queryClient.getQueryData(['appointments', 'next'])).toBe('mine');
    const hashes = queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.queryHash);
    expect(scopedPatients(hashes)).toEqual(new Set([sita]));
  });

  it('replays an outbox entry for the patient it was written for, whoever is shown by then', async () => {
    dataOwner.set(me);
    setActingFor(me, sita);
    const fetchMock = fetchAnswering();
    const unregister = outbox.register<{ text: string }>('note', {
      send: () => apiFetch('/api/messaging/care-team', { method: 'POST', body: '{}' }),
    });
    outbox.start(me);
    const entry = await outbox.add({ kind: 'note', key: 'k', id: 'n1', payload: { text: 'hi' } });
    expect(entry.actingFor).toBe(sita);
    setActingFor(me, null);
    await vi.waitFor(async () => expect(await outboxStorage.get('n1')).toBeUndefined());
    expect(headerOf(fetchMock.mock.calls[0]?.[1])).toBe(sita);
    unregister();
    outbox.stop();
  });
});

describe('erasing a person whose access ended', () => {
  it('drops their queries and outbox entries, keeps everyone else’s, and goes back to Myself', async () => {
    dataOwner.set(me);
    const queryClient = appClient();
    queryClient.setQueryData(['vitals', me], 'my readings');
    setActingFor(me, gita);
    queryClient.setQueryData(['appointments', 'next'], 'gita’s');
    setActingFor(me, sita);
    queryClient.setQueryData(['appointments', 'next'], 'sita’s');
    queryClient.setQueryData(['vitals', sita], 'sita’s readings');
    // Written offline for Sita and for Gita: nothing was sent yet.
    await outboxStorage.put(entry('for-sita', sita));
    await outboxStorage.put(entry('for-gita', gita));

    const unsent = await eraseCaredForData(queryClient, me, sita);

    expect(unsent).toBe(1);
    expect(currentActingFor()).toBeNull();
    const left = queryClient.getQueryCache().getAll();
    expect(left.some((query) => query.queryHash.includes(sita))).toBe(false);
    expect(queryClient.getQueryData(['vitals', me])).toBe('my readings');
    setActingFor(me, gita);
    expect(queryClient.getQueryData(['appointments', 'next'])).toBe('gita’s');
    expect((await outbox.entriesOf(me)).map((each) => each.id)).toEqual(['for-gita']);
  });
});

function entry(id: string, actingFor: string) {
  return {
    id,
    ownerId: me,
    actingFor,
    kind: 'note',
    key: id,
    payload: {},
    state: 'pending' as const,
    reason: null,
    attempts: 0,
    createdAt: Date.now(),
    nextAttemptAt: Date.now() + 60_000,
  };
}
