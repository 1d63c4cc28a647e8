import { describe, expect, it } from 'vitest';
import { redactLogLine, redacted } from './log-redaction';

const line = (fields: object) => `${JSON.stringify(fields)}\n`;

describe('redactLogLine', () => {
  it.each([
    ['/api/auth/verify-email?token=abc.def&callbackURL=%2Flogin', '/api/auth/verify-email'],
    ['/login?email=sita%40example.com&code=123456', '/login'],
    ['/reset-password?token=r3s3t', '/reset-password'],
    ['/api/auth/reset-password/r3s3t?callbackURL=%2Freset-password', '/api/auth/reset-password/'],
    ['/api/auth/reset-password/r3s3t', '/api/auth/reset-password/'],
    ['/API/AUTH/Reset-Password/r3s3t/', '/API/AUTH/Reset-Password/'],
    ['/anything?x', '/anything'],
  ])('keeps the path of %s and nothing secret', (url, path) => {
    const cleaned = redactLogLine(line({ req: { url } }));
    expect(cleaned).toContain(path);
    expect(cleaned).toContain(redacted);
    for (const secret of ['abc.def', 'sita', '123456', 'r3s3t', '?x']) {
      expect(cleaned).not.toContain(secret);
    }
    expect(JSON.parse(cleaned)).toBeTypeOf('object');
  });

  it('cleans URLs inside messages and error text, full links too', () => {
    const cleaned = redactLogLine(
      line({
        msg: 'Route GET:/nowhere?token=abc not found',
        err: 'Message failed: 554 refused https://sewa.example/api/auth/reset-password/r3s3t?callbackURL=x',
      }),
    );
    expect(cleaned).not.toMatch(/abc|r3s3t|callbackURL/);
    expect(cleaned).toContain('https://sewa.example/api/auth/reset-password/');
    expect(JSON.parse(cleaned)).toBeTypeOf('object');
  });

  it('takes escaped quotes inside a query value with the value', () => {
    const cleaned = redactLogLine(line({ url: '/x?a="secret"&b=\\more' }));
    expect(cleaned).not.toMatch(/secret|more/);
    expect(JSON.parse(cleaned)).toEqual({ url: `/x?${redacted}` });
  });

  it('leaves a line without URLs as it was, questions included', () => {
    const plain = line({ msg: 'Is the database up? It is.', level: 30 });
    expect(redactLogLine(plain)).toBe(plain);
  });
});
