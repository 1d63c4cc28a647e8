import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '@shared/messaging';
import { outbox } from '@/lib/outbox';
import { outboxStorage } from '@/lib/outbox-db';
import { messagesQueryOptions } from './get-messages';
import { messagingKeys } from './query-keys';
import { messageKind, messageSender, queueMessage } from './send-message';

const conversationId = '2f1d0c8e-6a0b-4c3e-9d52-7a4b1c2d3e4f';

const earlier: Message = {
  id: '0b6f2a4e-1c3d-4e5f-8a9b-0c1d2e3f4a5b',
  conversationId,
  senderId: 'doctor',
  senderName: 'Ram Thapa',
  senderRole: 'doctor',
  content: 'How are you feeling?',
  createdAt: '2026-01-01T08:00:00.000Z',
};

const sent: Message = {
  id: '7d9e1f2a-3b4c-4d5e-9f6a-7b8c9d0e1f2a',
  conversationId,
  senderId: 'me',
  senderName: 'Sita Sharma',
  senderRole: 'patient',
  content: 'Better, thank you',
  createdAt: '2026-01-01T08:01:00.000Z',
};

afterEach(async () => {
  vi.unstubAllGlobals();
  await outbox.eraseAllBut(null);
});

describe('sending a message', () => {
  it('goes through the outbox, and the stored message joins the conversation without asking for it again', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(Response.json(sent, { status: 201 })));
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = new QueryClient();
    queryClient.setQueryData(messagingKeys.messages(conversationId), [earlier]);
    const unregister = outbox.register(messageKind, messageSender(queryClient));
    outbox.start('me');

    await queueMessage({ conversationId, id: sent.id, content: '  Better, thank you ' });

    await vi.waitFor(() =>
      expect(queryClient.getQueryData(messagingKeys.messages(conversationId))).toEqual([
        earlier,
        sent,
      ]),
    );
    expect(queryClient.getQueryState(messagingKeys.messages(conversationId))?.isInvalidated).toBe(
      false,
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/messaging/conversations/${conversationId}/messages`);
    expect(JSON.parse(init.body as string)).toEqual({ id: sent.id, content: sent.content });
    await vi.waitFor(async () => expect(await outboxStorage.listFor('me')).toEqual([]));
    unregister();
  });

  it('shows as sent when the conversation was still loading, asked before the message was stored', async () => {
    let stored = false;
    let answerFirstLoad: (() => void) | undefined;
    const fetchMock = vi.fn((_url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        stored = true;
        return Promise.resolve(Response.json(sent, { status: 201 }));
      }
      // The first load was asked before the message was stored, and is answered after.
      const list = stored ? [earlier, sent] : [earlier];
      if (stored) return Promise.resolve(Response.json(list));
      return new Promise<Response>((resolve) => {
        answerFirstLoad = () => resolve(Response.json(list));
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = new QueryClient();
    // The conversation on screen, its first load under way.
    const onScreen = new QueryObserver(queryClient, messagesQueryOptions(conversationId));
    const stopWatching = onScreen.subscribe(() => undefined);
    await vi.waitFor(() => expect(answerFirstLoad).toBeDefined());
    const unregister = outbox.register(messageKind, messageSender(queryClient));
    outbox.start('me');

    await queueMessage({ conversationId, id: sent.id, content: sent.content });
    await vi.waitFor(async () => expect(await outboxStorage.listFor('me')).toEqual([]));
    answerFirstLoad?.();

    await vi.waitFor(() =>
      expect(queryClient.getQueryData(messagingKeys.messages(conversationId))).toEqual([
        earlier,
        sent,
      ]),
    );
    stopWatching();
    unregister();
  });
});
