/**
 * URLs carry secrets: confirmation and reset tokens, one-time codes and the e-mail
 * they belong to, in query strings (`/api/auth/verify-email?token=…`,
 * `/login?email=…&code=…`) and in the path of a reset link
 * (`/api/auth/reset-password/<token>`). Whoever reads the logs must not be able to
 * use them, so every log line is cleaned as it is written: the request lines, error
 * lines and mail failures alike, whatever field or message the URL sits in.
 */

export const redacted = '[Redacted]';

/**
 * A query string up to where the JSON string holding it ends. JSON escapes (`\"`,
 * `\\`) are taken whole, so an escaped quote inside a value does not end the match.
 */
const queryString = /\?(?:[^\s"\\]|\\.)+/g;

/** The token segment of Better Auth's reset link, however the path before it is spelled. */
const resetLinkToken = /(\/reset-password\/)(?:[^\s"\\/?]|\\.)+/gi;

/** The text with every query string and reset-link token replaced by a marker. */
export function redactUrls(text: string): string {
  return text.replace(resetLinkToken, `$1${redacted}`).replace(queryString, `?${redacted}`);
}

/** pino's last step before a line is written (its `streamWrite` hook). */
export function redactLogLine(line: string): string {
  return line.includes('?') || /\/reset-password\//i.test(line) ? redactUrls(line) : line;
}
