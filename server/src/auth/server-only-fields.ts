import { APIError } from 'better-auth/api';

/**
 * The account fields a person may choose on each path. Every other field of the account
 * system's user table is set by the server alone: whether the e-mail is confirmed, the
 * second factor, and the phone number, which only a texted code proves and stores.
 * An update's e-mail is left to the account system, which refuses it itself.
 */
const chosenByPerson: Record<string, ReadonlySet<string>> = {
  '/sign-up/email': new Set(['name', 'email', 'image']),
  '/update-user': new Set(['name', 'email', 'image']),
};

/**
 * Refuses a sign-up or update that names a server-only field, whatever its value, before
 * anything is looked up, so the answer says nothing about other accounts (such as whether
 * a phone number is taken). Keys that are no account field at all are ignored as before.
 */
export function refuseServerOnlyFields(
  path: string,
  body: Record<string, unknown> | undefined,
  userFields: readonly string[],
): void {
  const allowed = chosenByPerson[path];
  if (!allowed || !body) return;
  const field = userFields.find((name) => !allowed.has(name) && body[name] !== undefined);
  if (field !== undefined) {
    throw new APIError('BAD_REQUEST', {
      code: 'FIELD_NOT_ALLOWED',
      message: `${field} is not allowed to be set`,
    });
  }
}
