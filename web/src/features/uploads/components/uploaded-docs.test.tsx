import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Upload } from '@shared/uploads';
import { setLanguage } from '@/lib/i18n';
import { uploadsQueryOptions } from '../api/get-uploads';
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

afterEach(async () => {
  await act(() => setLanguage('en'));
});

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

  it('dates the photos in Nepali with Devanagari digits', async () => {
    await act(() => setLanguage('ne'));
    renderDocs([upload('3b241101-e2bb-4255-8caf-4136c566a962', '2026-03-02T08:00:00.000Z')]);
    const image = screen.getByRole('img');
    expect(image.getAttribute('alt')).toMatch(/२०२६/);
    expect(image.getAttribute('alt')).not.toMatch(/[0-9]/);
  });
});
