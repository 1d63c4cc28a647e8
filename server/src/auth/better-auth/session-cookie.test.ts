import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifiedCookieToken } from './session-cookie';

const secret = 'a secret of at least thirty-two characters';
const token = 'Wq3Xb7TzQpLmN2vR8sYcK4dF6gHjA1eU';

function signed(value: string, key = secret): string {
  return `${value}.${createHmac('sha256', key).update(value).digest('base64')}`;
}

describe('the session cookie check', () => {
  it('returns the token of a cookie signed with the secret', () => {
    expect(verifiedCookieToken(signed(token), secret)).toBe(token);
  });

  it('keeps a token that itself holds dots, signed up to the last one', () => {
    expect(verifiedCookieToken(signed(`${token}.more`), secret)).toBe(`${token}.more`);
  });

  it.each([
    ['signed with another secret', signed(token, 'another secret entirely, just as long')],
    ['with a changed token', signed(token).replace(token, `${token.slice(0, -1)}x`)],
    ['with a changed signature', `${token}.${'A'.repeat(43)}=`],
    ['without a signature', token],
    ['with an empty signature', `${token}.`],
    ['with an empty token', signed('')],
    ['with its signature twice', `${signed(token)}${signed(token).slice(token.length + 1)}`],
    ['with an unpadded signature', signed(token).slice(0, -1)],
  ])('refuses a cookie %s', (_, cookie) => {
    expect(verifiedCookieToken(cookie, secret)).toBeUndefined();
  });
});
