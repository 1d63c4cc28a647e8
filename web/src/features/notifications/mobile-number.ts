/**
 * A Nepali mobile number as people type it: `98XXXXXXXX` or `97XXXXXXXX`, with or without
 * `+977` (or `977`), spaces and dashes anywhere. Answers the number the server and the
 * gateways expect (`+977` and ten digits), or null for anything else: texts go only to
 * Nepali mobiles.
 */
export function nepaliMobileNumber(typed: string): string | null {
  const compact = typed.replace(/[\s-]/g, '');
  const match = /^(?:\+?977)?(9[78]\d{8})$/.exec(compact);
  return match ? `+977${match[1]}` : null;
}
