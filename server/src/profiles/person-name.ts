import { shownAddress } from '@shared/auth';

/** A person's name from their profile's first and last name, or null when it has neither. */
export function personName(first: string | null, last: string | null): string | null {
  return (
    [first, last]
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(' ') || null
  );
}

/**
 * A person's name as a visit or a chart shows it: their profile's name, else their e-mail's
 * local part (never a family member's reserved address), else the fallback (the role's word).
 */
export function displayName(
  first: string | null,
  last: string | null,
  email: string | null,
  fallback: string,
): string {
  return personName(first, last) ?? (shownAddress(email)?.split('@')[0]?.trim() || fallback);
}
