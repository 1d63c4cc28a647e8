import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoPassword } from '../../server/src/auth/demo-users';
import { loadConfig } from '../../server/src/config';

const webRoot = path.resolve('dist/web');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

const textFile = /\.(js|mjs|css|html|json|map|txt|webmanifest|svg)$/;

/** The values a development server runs with unless told otherwise. */
const defaults = loadConfig({
  DATA_DIR: path.join('dist', '.no-such-dir'),
  AUTH_SECRET: 'x'.repeat(32),
});

/** Exact values that must never reach a browser. */
const secretValues = [
  ...defaults.clinicKeys,
  defaults.inviteCode,
  demoPassword,
  // From the environment of the build, when set.
  ...['AUTH_SECRET', 'BETTER_AUTH_SECRET', 'SMTP_URL', 'DATABASE_URL', 'CLINIC_KEYS', 'INVITE_CODE']
    .map((name) => process.env[name])
    .filter((value): value is string => value !== undefined && value.length >= 6),
];

/** Shapes of secrets, whatever their value. */
const secretShapes: [string, RegExp][] = [
  [
    'a URL with a password',
    /\b(?:smtps?|postgres(?:ql)?|mysql|redis):\/\/[^\s/"'`:@]+:[^\s/"'`@]+@/i,
  ],
  ['a private key', /-----BEGIN (?:RSA |EC |OPENSSH )?PRIVATE KEY-----/],
  ['a secret setting by name', /\b(?:BETTER_)?AUTH_SECRET\b|\bCLINIC_KEYS\b|\bSMTP_URL\b/],
];

describe.skipIf(!existsSync(path.join(webRoot, 'index.html')))('the built web app', () => {
  const files = existsSync(webRoot)
    ? filesUnder(webRoot).filter((file) => textFile.test(file))
    : [];

  it('has files to check', () => {
    expect(files.some((file) => file.endsWith('.js'))).toBe(true);
  });

  it('carries no clinic key, invitation code, demo password or secret setting', () => {
    const found: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const name = path.relative(webRoot, file);
      for (const secret of secretValues) {
        if (text.toUpperCase().includes(secret.toUpperCase())) found.push(`${name}: ${secret}`);
      }
      for (const [what, shape] of secretShapes) {
        if (shape.test(text)) found.push(`${name}: ${what}`);
      }
    }
    expect(found).toEqual([]);
  });
});
