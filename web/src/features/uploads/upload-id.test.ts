import { describe, expect, it } from 'vitest';
import { uploadIdSchema } from '@shared/uploads';
import { newUploadId } from './upload-id';

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
