import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword, seedDemoUsers } from '../../server/src/auth/demo-users';
import { profilesRepository } from '../../server/src/profiles/profiles-repository';
import { databaseVariants, startTestServer, type TestServer } from './support/test-server';

interface Factor {
  id: string;
  factor_type: 'totp' | 'phone' | 'webauthn';
  friendly_name: string;
  status: string;
  created_at: string | null;
}

/** RFC 4648 base32, as in the `secret` of an otpauth URI. */
function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** RFC 6238 TOTP with HMAC-SHA1, 6 digits, 30-second steps, as authenticator apps compute it. */
function totp(secretBase32: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const hmac = createHmac('sha1', base32Decode(secretBase32)).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  const value = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

/** A client that keeps its cookies between calls, as a browser would. */
class Client {
  private cookies = new Map<string, string>();

  constructor(private readonly base: string) {}

  async call(method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { origin: this.base };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.call(method, path, body);
    expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBe(200);
    return (await response.json()) as T;
  }

  async signIn(email: string): Promise<void> {
    await this.json('POST', '/api/auth/sign-in/email', { email, password: demoPassword });
  }

  factors(): Promise<Factor[]> {
    return this.json<Factor[]>('GET', '/api/mfa/factors');
  }

  async twoFactorEnabled(): Promise<boolean> {
    const me = await this.json<{ user: { twoFactorEnabled: boolean } }>('GET', '/api/me');
    return me.user.twoFactorEnabled;
  }
}

async function codeSentTo(server: TestServer, phone: string): Promise<string> {
  const mails = (await (await fetch(`${server.url}/api/dev/mail`)).json()) as {
    to: string;
    text: string;
  }[];
  const mail = mails.find((item) => item.to === phone);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code for ${phone}`);
  return code;
}

describe.each(databaseVariants)('second factors on the $name database', (variant) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ variant });
    await seedDemoUsers(server.auth, server.database.db, profilesRepository(server.database.db));
  });

  afterAll(async () => {
    await server.close();
  });

  it('refuses a caller without a session', async () => {
    const listed = await fetch(`${server.url}/api/mfa/factors`);
    expect(listed.status).toBe(401);
    expect(await listed.json()).toEqual({
      error: { code: 'unauthorized', message: 'Please sign in.' },
    });
    const removed = await fetch(`${server.url}/api/mfa/factors/totp_x`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: demoPassword }),
    });
    expect(removed.status).toBe(401);
  });

  it('enrols an authenticator app, asks for it at sign-in, and removes it', async () => {
    const patient = new Client(server.url);
    await patient.signIn('patient@example.com');
    expect(await patient.factors()).toEqual([]);

    const wrong = await patient.call('POST', '/api/auth/two-factor/enable', { password: 'nope' });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe(
      'invalid_password',
    );

    const enabled = await patient.json<{ totpURI: string; backupCodes: string[] }>(
      'POST',
      '/api/auth/two-factor/enable',
      { password: demoPassword },
    );
    expect(enabled.backupCodes).toHaveLength(10);
    const secret = new URL(enabled.totpURI).searchParams.get('secret')!;
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    // Not confirmed by a code yet: not a factor.
    expect(await patient.factors()).toEqual([]);

    const badCode = await patient.call('POST', '/api/auth/two-factor/verify-totp', {
      code: totp(secret, Date.now() - 10 * 60_000),
    });
    expect(badCode.status).toBe(401);
    await patient.json('POST', '/api/auth/two-factor/verify-totp', { code: totp(secret) });

    const factors = await patient.factors();
    expect(factors).toEqual([
      {
        id: expect.stringMatching(/^totp_/) as string,
        factor_type: 'totp',
        friendly_name: 'Sewa',
        status: 'verified',
        created_at: null,
      },
    ]);
    expect(await patient.twoFactorEnabled()).toBe(true);

    // A password alone no longer signs in: the app's code is asked for.
    const again = new Client(server.url);
    const first = await again.json<{ twoFactorRedirect?: boolean }>(
      'POST',
      '/api/auth/sign-in/email',
      { email: 'patient@example.com', password: demoPassword },
    );
    expect(first.twoFactorRedirect).toBe(true);
    expect((await again.call('GET', '/api/mfa/factors')).status).toBe(401);
    await again.json('POST', '/api/auth/two-factor/verify-totp', { code: totp(secret) });
    expect(await again.factors()).toHaveLength(1);

    const totpId = factors[0]!.id;
    const noPassword = await patient.call('DELETE', `/api/mfa/factors/${totpId}`, {});
    expect(noPassword.status).toBe(400);
    expect(((await noPassword.json()) as { error: { code: string } }).error.code).toBe(
      'validation_failed',
    );
    const badPassword = await patient.call('DELETE', `/api/mfa/factors/${totpId}`, {
      password: 'wrong-password',
    });
    expect(badPassword.status).toBe(400);
    expect(await badPassword.json()).toEqual({
      error: { code: 'invalid_password', message: 'Invalid password' },
    });
    expect(await patient.factors()).toHaveLength(1);

    const removed = await patient.call('DELETE', `/api/mfa/factors/${totpId}`, {
      password: demoPassword,
    });
    expect(removed.status).toBe(204);
    expect(await patient.factors()).toEqual([]);
    expect(await patient.twoFactorEnabled()).toBe(false);

    const gone = await patient.call('DELETE', `/api/mfa/factors/${totpId}`, {
      password: demoPassword,
    });
    expect(gone.status).toBe(404);
  });

  it('enrols a phone by a texted code; only its owner can remove it', async () => {
    const phone = '+9779812345678';
    const doctor = new Client(server.url);
    await doctor.signIn('doctor@example.com');

    const invalid = await doctor.call('POST', '/api/auth/phone-number/send-otp', {
      phoneNumber: '9812345678',
    });
    expect(invalid.status).toBe(400);

    await doctor.json('POST', '/api/auth/phone-number/send-otp', { phoneNumber: phone });
    const code = await codeSentTo(server, phone);
    const wrong = await doctor.call('POST', '/api/auth/phone-number/verify', {
      phoneNumber: phone,
      code: code === '000000' ? '111111' : '000000',
      updatePhoneNumber: true,
    });
    expect(wrong.status).toBe(400);
    expect(await doctor.factors()).toEqual([]);

    await doctor.json('POST', '/api/auth/phone-number/verify', {
      phoneNumber: phone,
      code,
      updatePhoneNumber: true,
    });
    // Codes go to the phone at sign-in from now on.
    await doctor.json('POST', '/api/auth/two-factor/enable', {
      password: demoPassword,
      method: 'otp',
    });
    const factors = await doctor.factors();
    expect(factors).toEqual([
      {
        id: expect.stringMatching(/^phone_/) as string,
        factor_type: 'phone',
        friendly_name: phone,
        status: 'verified',
        created_at: null,
      },
    ]);
    expect(await doctor.twoFactorEnabled()).toBe(true);
    const phoneId = factors[0]!.id;

    const manager = new Client(server.url);
    await manager.signIn('manager@example.com');
    expect(await manager.factors()).toEqual([]);
    const foreign = await manager.call('DELETE', `/api/mfa/factors/${phoneId}`, {
      password: demoPassword,
    });
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as { error: { code: string } }).error.code).toBe('not_found');
    expect(await doctor.factors()).toHaveLength(1);

    const removed = await doctor.call('DELETE', `/api/mfa/factors/${phoneId}`, {
      password: demoPassword,
    });
    expect(removed.status).toBe(204);
    expect(await doctor.factors()).toEqual([]);
    expect(await doctor.twoFactorEnabled()).toBe(false);
  });

  it('keeps asking for a second factor while a phone remains after the app is removed', async () => {
    const phone = '+9779800000001';
    const admin = new Client(server.url);
    await admin.signIn('admin@example.com');
    await admin.json('POST', '/api/auth/phone-number/send-otp', { phoneNumber: phone });
    await admin.json('POST', '/api/auth/phone-number/verify', {
      phoneNumber: phone,
      code: await codeSentTo(server, phone),
      updatePhoneNumber: true,
    });
    const { totpURI } = await admin.json<{ totpURI: string }>(
      'POST',
      '/api/auth/two-factor/enable',
      { password: demoPassword },
    );
    const secret = new URL(totpURI).searchParams.get('secret')!;
    await admin.json('POST', '/api/auth/two-factor/verify-totp', { code: totp(secret) });
    const factors = await admin.factors();
    expect(factors.map((factor) => factor.factor_type)).toEqual(['totp', 'phone']);

    const totpId = factors.find((factor) => factor.factor_type === 'totp')!.id;
    const removed = await admin.call('DELETE', `/api/mfa/factors/${totpId}`, {
      password: demoPassword,
    });
    expect(removed.status).toBe(204);
    expect((await admin.factors()).map((factor) => factor.factor_type)).toEqual(['phone']);
    expect(await admin.twoFactorEnabled()).toBe(true);
  });

  it('lists and removes a passkey of its owner only', async () => {
    const researcher = new Client(server.url);
    await researcher.signIn('researcher@example.com');
    const me = await researcher.json<{ user: { id: string } }>('GET', '/api/me');
    // A passkey row as the registration ceremony stores it (the browser test walks the ceremony).
    await server.database.db
      .withTables<{
        passkey: {
          id: string;
          name: string | null;
          publicKey: string;
          userId: string;
          credentialID: string;
          counter: number;
          deviceType: string;
          backedUp: boolean;
          transports: string | null;
          createdAt: Date | null;
          aaguid: string | null;
        };
      }>()
      .insertInto('passkey')
      .values({
        id: 'pk-test-1',
        name: null,
        publicKey: 'AAAA',
        userId: me.user.id,
        credentialID: 'cred-test-1',
        counter: 0,
        deviceType: 'singleDevice',
        backedUp: false,
        transports: 'internal',
        createdAt: new Date('2026-01-02T03:04:05Z'),
        aaguid: '00000000-0000-0000-0000-000000000000',
      })
      .execute();

    expect(await researcher.factors()).toEqual([
      {
        id: 'webauthn_pk-test-1',
        factor_type: 'webauthn',
        friendly_name: 'Passkey',
        status: 'verified',
        created_at: '2026-01-02T03:04:05.000Z',
      },
    ]);

    const other = new Client(server.url);
    await other.signIn('superadmin@example.com');
    const foreign = await other.call('DELETE', '/api/mfa/factors/webauthn_pk-test-1', {
      password: demoPassword,
    });
    expect(foreign.status).toBe(404);
    const nonsense = await other.call('DELETE', '/api/mfa/factors/nonsense', {
      password: demoPassword,
    });
    expect(nonsense.status).toBe(404);

    const removed = await researcher.call('DELETE', '/api/mfa/factors/webauthn_pk-test-1', {
      password: demoPassword,
    });
    expect(removed.status).toBe(204);
    expect(await researcher.factors()).toEqual([]);
  });
});
