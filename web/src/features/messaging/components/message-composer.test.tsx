import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { outbox } from '@/lib/outbox';
import { outboxStorage } from '@/lib/outbox-db';
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

afterEach(async () => {
  await outbox.eraseAllBut(null);
});

describe('MessageComposer', () => {
  it('enables Send only for text that is not blank', async () => {
    const { input, send } = renderComposer();
    expect(send).toBeDisabled();
    await userEvent.type(input, '   ');
    expect(send).toBeDisabled();
    await userEvent.type(input, 'Hello');
    expect(send).toBeEnabled();
  });

  it('puts the trimmed text in the outbox under the draft id, clears the draft, and a new message gets a new id', async () => {
    outbox.start('me');
    const { input, send } = renderComposer();
    await userEvent.type(input, '  My head hurts  ');
    await userEvent.click(send);
    await waitFor(() => expect(input).toHaveValue(''));
    expect(send).toBeDisabled();
    await userEvent.type(input, 'And my back');
    await userEvent.click(send);
    await waitFor(() => expect(input).toHaveValue(''));
    const entries = await outboxStorage.listFor('me');
    expect(entries.map((entry) => entry.payload)).toEqual([
      { conversationId, id: entries[0]?.id, content: 'My head hurts' },
      { conversationId, id: entries[1]?.id, content: 'And my back' },
    ]);
    expect(entries.every((entry) => entry.key === conversationId)).toBe(true);
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(2);
  });
});
