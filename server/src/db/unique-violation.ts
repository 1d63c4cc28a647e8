/** PostgreSQL's (and PGlite's) refusal of a row that would break a unique index: 23505. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}
