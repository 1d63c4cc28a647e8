import { describe, expect, it } from 'vitest';
import { conversationIdSchema, sendMessageSchema } from './messaging';
import { uploadParamsSchema } from './uploads';
import { visitParamsSchema } from './visits';

describe('record ids', () => {
  const id = '0F8FAD5B-D9CB-469F-A165-70867728950E';

  it('are kept in lower case whatever case they came in', () => {
    expect(visitParamsSchema.parse({ id }).id).toBe(id.toLowerCase());
    expect(conversationIdSchema.parse(id)).toBe(id.toLowerCase());
    expect(uploadParamsSchema.parse({ id }).id).toBe(id.toLowerCase());
    expect(sendMessageSchema.parse({ id, content: 'Namaste' }).id).toBe(id.toLowerCase());
  });

  it('are refused when they are not UUIDs', () => {
    expect(visitParamsSchema.safeParse({ id: 'not-a-visit' }).success).toBe(false);
  });
});
