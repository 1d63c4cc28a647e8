import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MessageComposer } from './message-composer';

const conversationId = '2f1d0c8e-6a0b-4c3e-9d52-7a4b1c2d3e4f';

function renderComposer() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MessageComposer conversationId={conversationId} />
    </QueryClientProvider>,
  );
  return {
    input: screen.getByRole('textbox', { name: 'Type a message' }),
    send: screen.getByRole('button', { name: 'Send' }),
  };
}

/** The message ids the composer sent, in order. */
function sentIds(fetchMock: ReturnType<typeof vi.fn>): string[] {
  return fetchMock.mock.calls.map(([, init]) => {
    const body = (init as RequestInit).body as string;
    return (JSON.parse(body) as { id: string }).id;
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('MessageComposer', () => {
  it('enables Send only for text that is not blank', async () => {
    const { input, send } = renderComposer();
    expect(send).toBeDisabled();
    await userEvent.type(input, '   ');
    expect(send).toBeDisabled();
    await userEvent.type(input, 'Hello');
    expect(send).toBeEnabled();
  });

  it('sends trimmed text, keeps Send off while it is under way, and clears the draft', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    const { input, send } = renderComposer();
    await userEvent.type(input, '  My head hurts  ');
    await userEvent.click(send);
    expect(send).toBeDisabled();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/messaging/conversations/${conversationId}/messages`);
    expect(JSON.parse(init.body as string)).toMatchObject({ content: 'My head hurts' });
    answer(
      Response.json(
        {
          id: sentIds(fetchMock)[0],
          conversationId,
          senderId: 'me',
          senderName: null,
          senderRole: 'patient',
          content: 'My head hurts',
          createdAt: new Date().toISOString(),
        },
        { status: 201 },
      ),
    );
    await waitFor(() => expect(input).toHaveValue(''));
    expect(send).toBeDisabled();
  });

  it('sends a message again under the same id after a lost answer, and a new one under a new id', async () => {
    const fetchMock = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchMock);
    const { input, send } = renderComposer();
    await userEvent.type(input, 'Are you there?');
    await userEvent.click(send);
    // It tries three times by itself, then gives up and keeps the text.
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3), { timeout: 4_000 });
    await waitFor(() => expect(send).toBeEnabled());
    expect(input).toHaveValue('Are you there?');
    await userEvent.click(send);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(6), { timeout: 4_000 });
    const ids = sentIds(fetchMock);
    expect(new Set(ids).size).toBe(1);

    await waitFor(() => expect(send).toBeEnabled());
    await userEvent.type(input, ' Hello?');
    await userEvent.click(send);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(7));
    expect(sentIds(fetchMock)[6]).not.toBe(ids[0]);
  }, 20_000);
});
