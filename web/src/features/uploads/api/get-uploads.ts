import { queryOptions, useQuery } from '@tanstack/react-query';
import { uploadListSchema, type Upload } from '@shared/uploads';
import { apiFetch } from '@/lib/api-client';

/** The signed-in person's photos on the server, newest first. */
export async function getUploads(): Promise<Upload[]> {
  return uploadListSchema.parse(await apiFetch<unknown>('/api/uploads'));
}

export const uploadsQueryOptions = queryOptions({
  queryKey: ['uploads'],
  queryFn: getUploads,
  staleTime: 30_000,
});

export function useUploadedDocs() {
  return useQuery(uploadsQueryOptions);
}

/** How many photos the server holds for the patient; undefined while loading. */
export function useUploadedDocsCount(): number | undefined {
  return useUploadedDocs().data?.length;
}
