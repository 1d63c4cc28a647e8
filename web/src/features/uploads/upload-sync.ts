import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { createStore, useStore } from '@/lib/create-store';
import { uploadsQueryOptions } from './api/get-uploads';
import { uploadPhoto } from './api/upload-photo';
import { pendingUploadsDb, type PendingUpload } from './pending-uploads-db';
import { newUploadId } from './upload-id';

/** The first retry waits this long; each further failure doubles it, up to the ceiling. */
const firstRetryMs = 2_000;
const longestRetryMs = 5 * 60_000;

export function retryDelayMs(retryCount: number): number {
  return Math.min(longestRetryMs, firstRetryMs * 2 ** Math.max(0, retryCount - 1));
}

/** Whose photos are being sent: only the signed-in account's, never anyone else's. */
let ownerId: string | null = null;
let onUploaded: () => void = () => undefined;
/** The owner's photos still on the device, as last read from the queue. */
const pendingUploads = createStore<readonly PendingUpload[]>([]);
let passRunning = false;
let passWanted: { force: boolean } | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let stopTimer: ReturnType<typeof setTimeout> | undefined;

async function reload(owner: string): Promise<void> {
  const uploads = await pendingUploadsDb.listFor(owner);
  if (ownerId === owner) pendingUploads.set(uploads);
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

/** Tries each photo that is due (or every one, when forced) while online. */
async function sendDue(owner: string, force: boolean): Promise<void> {
  const uploads = await pendingUploadsDb.listFor(owner);
  if (ownerId === owner) pendingUploads.set(uploads);
  for (const upload of uploads) {
    // Signed out or offline mid-way: stop; what is left waits for the next pass.
    if (ownerId !== owner || !navigator.onLine) return;
    if (!force && upload.nextAttemptAt > Date.now()) continue;
    await pendingUploadsDb.update(upload.id, { status: 'uploading' });
    await reload(owner);
    try {
      await uploadPhoto(upload);
      // The server has it now; the device keeps no copy.
      await pendingUploadsDb.update(upload.id, { status: 'uploaded' });
      await pendingUploadsDb.remove(upload.id);
      onUploaded();
    } catch (error) {
      const retryCount = upload.retryCount + 1;
      await pendingUploadsDb.update(upload.id, {
        status: 'failed',
        retryCount,
        error: errorText(error),
        nextAttemptAt: Date.now() + retryDelayMs(retryCount),
      });
    }
    await reload(owner);
  }
}

function scheduleRetry() {
  clearTimeout(retryTimer);
  // Offline, the online event starts the next pass; no timer spins meanwhile.
  if (ownerId === null || pendingUploads.get().length === 0 || !navigator.onLine) return;
  const next = Math.min(...pendingUploads.get().map((upload) => upload.nextAttemptAt));
  retryTimer = setTimeout(() => void runPass(false), Math.max(0, next - Date.now()));
}

async function runPass(force: boolean): Promise<void> {
  if (passRunning) {
    passWanted = { force: force || (passWanted?.force ?? false) };
    return;
  }
  passRunning = true;
  try {
    let wanted: { force: boolean } | null = { force };
    while (wanted && ownerId !== null) {
      passWanted = null;
      await sendDue(ownerId, wanted.force).catch(() => undefined);
      wanted = passWanted;
    }
  } finally {
    passRunning = false;
    passWanted = null;
  }
  scheduleRetry();
}

function whenOnline() {
  void runPass(true);
}

/**
 * Sends the signed-in account's waiting photos to the server: at start, when the
 * connection returns, and again after a failure with a growing delay. Nothing is
 * dropped; a photo leaves the device only once the server has stored it.
 */
export const uploadSync = {
  start(owner: string, uploaded: () => void): void {
    clearTimeout(stopTimer);
    onUploaded = uploaded;
    if (ownerId === owner) return;
    ownerId = owner;
    pendingUploads.set([]);
    window.addEventListener('online', whenOnline);
    void runPass(true);
  },

  /** Stops a moment later, so a shell remounted between two pages does not restart it. */
  stop(): void {
    clearTimeout(stopTimer);
    stopTimer = setTimeout(() => {
      ownerId = null;
      onUploaded = () => undefined;
      clearTimeout(retryTimer);
      window.removeEventListener('online', whenOnline);
      pendingUploads.set([]);
    }, 0);
  },

  /** Keeps a captured photo on the device for `owner` and sends it when it can. */
  async queuePhoto(owner: string, image: Blob): Promise<PendingUpload> {
    const now = Date.now();
    const upload: PendingUpload = {
      id: newUploadId(),
      ownerId: owner,
      type: 'photo',
      image,
      status: 'pending',
      retryCount: 0,
      error: null,
      createdAt: now,
      nextAttemptAt: now,
    };
    await pendingUploadsDb.add(upload);
    if (ownerId === owner) {
      await reload(owner);
      void runPass(false);
    }
    return upload;
  },
};

/** The signed-in account's photos still waiting on this device. */
export function usePendingUploads(): readonly PendingUpload[] {
  return useStore(pendingUploads);
}

/** Runs the sync for the signed-in patient while the protected shell is shown. */
export function useUploadSync(userId: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === null) return;
    uploadSync.start(userId, () => {
      void queryClient.invalidateQueries({ queryKey: uploadsQueryOptions.queryKey });
    });
    return () => uploadSync.stop();
  }, [userId, queryClient]);
}
