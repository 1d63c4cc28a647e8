import { timingSafeEqual } from 'node:crypto';

/** The pilot invitation code, compared trimmed and case-insensitively, in constant time. */
export function isValidInviteCode(candidate: string, expected: string): boolean {
  const given = Buffer.from(candidate.trim().toUpperCase());
  const wanted = Buffer.from(expected.trim().toUpperCase());
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
