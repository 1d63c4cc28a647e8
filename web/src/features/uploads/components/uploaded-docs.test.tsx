import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Upload } from '@shared/uploads';
import { ApiRequestError } from '@/lib/api-client';
import { setLanguage } from '@/lib/i18n';
import { onlineStatus } from '@/lib/online-status';
import { outbox } from '@/lib/outbox';
import { uploadsQueryOptions } from '../api/get-uploads';
import { photoKind, queuePhoto, type PhotoPayload } from '../upload-sync';
import { UploadedDocs } from './uploaded-docs';

function upload(id: string, createdAt: string): Upload {
  return {
    id,
    contentType: 'image/jpeg',
    byteSize: 1234,
    createdAt,
    url: `/api/uploads/${id}/content`,
  };
}

/** Renders the Docs list for what `GET /api/uploads` answered. */
function renderDocs(uploads: Upload[]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(uploadsQueryOptions.queryKey, uploads);
  return render(
    <QueryClientProvider client={client}>
      <UploadedDocs />
    </QueryClientProvider>,
  );
}

beforeAll(() => {
  // jsdom draws no images; a waiting photo's preview only needs an address.
  Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => undefined });
});

afterEach(async () => {
  await act(() => setLanguage('en'));
  await outbox.eraseAllBut(null);
});

/** Queues a photo for a new account, with the server answering each send with `refusal`. */
async function queueRefusedPhoto(refusal: ApiRequestError) {
  let sends = 0;
  const unregister = outbox.register<PhotoPayload>(photoKind, {
    send: () => {
      sends += 1;
      return Promise.reject(refusal);
    },
  });
  outbox.start(`owner-${crypto.randomUUID()}`);
  await queuePhoto(new Blob(['photo'], { type: 'image/jpeg' }));
  return { sends: () => sends, unregister };
}

describe('UploadedDocs', () => {
  it('says so when the patient has no documents', () => {
    renderDocs([]);
    expect(screen.getByText('No documents yet.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows each stored photo as a thumbnail, in the order the server gave', () => {
    const first = '3b241101-e2bb-4255-8caf-4136c566a962';
    const second = '9f1c8a2e-7b3d-4c5e-a6f7-0123456789ab';
    renderDocs([
      upload(first, '2026-03-02T08:00:00.000Z'),
      upload(second, '2026-03-01T08:00:00.000Z'),
    ]);
    const list = screen.getByRole('list', { name: 'Documents' });
    const images = within(list).getAllByRole('img');
    expect(images.map((image) => image.getAttribute('src'))).toEqual([
      `/api/uploads/${first}/content`,
      `/api/uploads/${second}/content`,
    ]);
    expect(images[0]).toHaveAccessibleName('Photo from Mar 2, 2026');
    expect(screen.queryByText('No documents yet.')).toBeNull();
  });

  it('dates the photos in Nepali in Bikram Sambat, with Devanagari digits', async () => {
    await act(() => setLanguage('ne'));
    renderDocs([upload('3b241101-e2bb-4255-8caf-4136c566a962', '2026-03-02T08:00:00.000Z')]);
    const image = screen.getByRole('img');
    expect(image.getAttribute('alt')).toContain('फाल्गुण १८, २०८२');
    expect(image.getAttribute('alt')).not.toMatch(/[0-9]/);
  });

  it('tells why a photo was refused once the account’s storage is full, and does not send it again', async () => {
    const server = await queueRefusedPhoto(
      new ApiRequestError(413, 'photo_storage_full', 'Your photos take all of the 500 MB.'),
    );
    renderDocs([]);
    expect(await screen.findByText('Not uploaded')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your photos already use all 500 MB of your storage, so this photo was not uploaded.',
      ),
    ).toBeInTheDocument();
    // The connection coming back sends everything waiting, but not a refused photo.
    await act(async () => {
      onlineStatus.set(false);
      onlineStatus.set(true);
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(server.sends()).toBe(1);

    await act(() => setLanguage('ne'));
    expect(screen.getByText(/५०० MB/)).toBeInTheDocument();
    server.unregister();
  });

  it('says a photo waits when too many were sent, and keeps it to send again', async () => {
    const server = await queueRefusedPhoto(
      new ApiRequestError(429, 'rate_limited', 'Too many photos sent.'),
    );
    renderDocs([]);
    expect(
      await screen.findByText(
        'Too many photos sent at once. This one will be sent in a few minutes.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Will try again')).toBeInTheDocument();
    server.unregister();
  });
});
