import * as z from 'zod/mini';

/** One mail of the development outbox (`GET /api/dev/mail`), kept instead of sent. */
export const outboxMailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

/** `GET /api/dev/mail`: newest first. */
export const outboxMailListSchema = z.array(outboxMailSchema);
