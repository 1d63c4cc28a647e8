import * as z from 'zod/mini';

/**
 * The id of a record (a visit, a conversation, a message, a photo): a UUID, taken in any case
 * and kept in lower case, so a limit counted by it, an audit entry naming it and the database
 * all read one spelling of it.
 */
export function recordIdSchema(message?: string) {
  return z.uuid(message).check(z.toLowerCase());
}
