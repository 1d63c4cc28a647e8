import { maxNameLength, onboardingMessages } from '@shared/onboarding';
import { AppError } from '../http/app-error';

/** Deeper than any body Better Auth takes (a passkey answer is the deepest, at four). */
const maxDepth = 8;

/** The longest e-mail address there can be (RFC 5321's path limit). */
const maxEmailLength = 254;

/** A picture is a link; longer than any a browser would send. */
const maxImageLength = 2_048;

/** Calls that set an account's name and picture. */
const profilePaths = new Set(['/sign-up/email', '/update-user']);

/**
 * Walks a parsed JSON body without recursion, so no nesting can exhaust the
 * stack, and says what is wrong with it, if anything.
 */
function problemIn(body: object): string | undefined {
  const pending: { value: unknown; depth: number }[] = [{ value: body, depth: 1 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, depth } = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return 'The request contains characters that cannot be stored.';
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth > maxDepth) return 'The request body is nested too deeply.';
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return 'The request contains characters that cannot be stored.';
      pending.push({ value: item, depth: depth + 1 });
    }
  }
  return undefined;
}

/** Better Auth hands these to the database unchecked, so a number or a list would fail there. */
function checkProfileFields(body: { name?: unknown; image?: unknown }): void {
  if (body.name !== undefined && typeof body.name !== 'string') {
    throw new AppError('validation_failed', 'The name must be text.');
  }
  if (body.image !== undefined && body.image !== null && typeof body.image !== 'string') {
    throw new AppError('validation_failed', 'The picture must be a link.');
  }
  if (typeof body.image === 'string' && body.image.length > maxImageLength) {
    throw new AppError('validation_failed', 'The picture link is too long.');
  }
  if (typeof body.name === 'string' && body.name.trim().length > maxNameLength) {
    throw new AppError('validation_failed', onboardingMessages.nameTooLong);
  }
}

/**
 * What Better Auth is handed must be a call it can answer with a 4xx at worst: a
 * JSON object of sane depth without NUL characters, or no body at all. Names are
 * capped here as on the profile, since an account's name reaches every doctor's lists.
 */
export function checkAuthInput(path: string, body: unknown): void {
  if (body === undefined) return;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AppError('validation_failed', 'The request body must be a JSON object.');
  }
  const problem = problemIn(body);
  if (problem !== undefined) throw new AppError('validation_failed', problem);
  if ('email' in body && typeof body.email === 'string' && body.email.length > maxEmailLength) {
    throw new AppError('validation_failed', 'Invalid email');
  }
  if (profilePaths.has(path)) checkProfileFields(body);
}
