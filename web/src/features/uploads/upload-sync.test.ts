import { describe, expect, it } from 'vitest';
import { uploadIdSchema } from '@shared/uploads';
import { newUploadId } from './upload-id';
import { retryDelayMs } from './upload-sync';

describe('pending upload retries', () => {
  it('wait twice as long after each failure, up to five minutes', () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([2_000, 4_000, 8_000, 16_000, 32_000]);
    expect(retryDelayMs(9)).toBe(5 * 60_000);
    expect(retryDelayMs(1000)).toBe(5 * 60_000);
  });
});

describe('upload ids', () => {
  it('are random UUIDs the server accepts, also outside a secure context', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newUploadId()));
    expect(ids.size).toBe(50);
    for (const id of ids) {
      expect(uploadIdSchema.safeParse(id).success, id).toBe(true);
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });
});
