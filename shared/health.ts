import * as z from 'zod/mini';

/**
 * `status` is the database's. `storage` is there only when photos go to an object store
 * shared by every process (the `S3_*` settings): the folder under `DATA_DIR` needs no check,
 * and the answer stays exactly `{"status":"ok"}` without one.
 */
export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  storage: z.optional(z.enum(['ok', 'unreachable'])),
});
export type Health = z.infer<typeof healthSchema>;
