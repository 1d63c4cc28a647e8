import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '@shared/messaging';
import { useLatestConversation } from './use-latest-conversation';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

function answering(conversations: Conversation[]) {
  const fetchMock = vi.fn(() => Promise.resolve(Response.json(conversations)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const careTeam: Conversation = {
  id: 'c1',
  title: 'Care Team',
  participantIds: ['me'],
  isCareTeam: true,
  createdAt: '2026-11-20T08:00:00.000Z',
  patientName: null,
  patientId: null,
  lastMessage: {
    id: 'm1',
    conversationId: 'c1',
    senderId: 'doctor',
    senderName: 'Ram Thapa',
    senderRole: 'doctor',
    content: 'Please come in today.',
    createdAt: '2026-11-21T09:30:00.000Z',
  },
};

afterEach(() => vi.unstubAllGlobals());

describe('useLatestConversation', () => {
  it('gives the most recent conversation in the shape of the dashboard card', async () => {
    const fetchMock = answering([careTeam, { ...careTeam, id: 'c0', lastMessage: null }]);
    const { result } = renderHook(() => useLatestConversation(), { wrapper });
    await waitFor(() => expect(result.current.data).toBeDefined());
    expect(result.current.data).toEqual({
      id: 'c1',
      title: 'Care Team',
      lastMessage: 'Please come in today.',
      createdAt: '2026-11-20T08:00:00.000Z',
    });
    expect(fetchMock).toHaveBeenCalledWith('/api/messaging/conversations', expect.anything());
  });

  it('gives null without any conversation, and "Conversation" for one without a title', async () => {
    answering([]);
    const empty = renderHook(() => useLatestConversation(), { wrapper });
    await waitFor(() => expect(empty.result.current.data).toBeNull());

    answering([{ ...careTeam, title: null, isCareTeam: false, lastMessage: null }]);
    const untitled = renderHook(() => useLatestConversation(), { wrapper });
    await waitFor(() => expect(untitled.result.current.data).toBeDefined());
    expect(untitled.result.current.data).toEqual({
      id: 'c1',
      title: 'Conversation',
      createdAt: '2026-11-20T08:00:00.000Z',
    });
  });
});
