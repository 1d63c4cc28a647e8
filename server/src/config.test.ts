import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { loadConfig, SettingError } from './config';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'sewa-config-'));

function settingError(env: NodeJS.ProcessEnv): SettingError {
  try {
    loadConfig({ DATA_DIR: dataDir(), ...env });
  } catch (error) {
    if (error instanceof SettingError) return error;
    throw error;
  }
  throw new Error('expected the settings to be refused');
}

const vapid = webpush.generateVAPIDKeys();

/** Everything production requires, each set to a value of its own. */
const production = {
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  VAPID_SUBJECT: 'mailto:operators@sewa.example.org',
  NODE_ENV: 'production',
  AUTH_SECRET: 'a'.repeat(32),
  SMTP_URL: 'smtp://127.0.0.1:2525',
  INVITE_CODE: 'NORTH-PILOT-9F3K',
  CLINIC_KEYS: 'KTM-WARD-3-7Q2X, pokhara-1-8zlm',
};

describe('loadConfig', () => {
  it('uses the contract defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      mailFrom: 'no-reply@localhost',
      inviteCode: 'PILOT-2026',
      clinicKeys: ['DEV-CLINIC-01'],
      appMode: 'dev',
      demoUsers: true,
      databaseUrl: undefined,
      smtpUrl: undefined,
      trustProxy: [],
      auditRetentionDays: 6 * 365 + 2,
    });
    expect(loadConfig({ DATA_DIR: dataDir(), AUDIT_RETENTION_DAYS: '30' }).auditRetentionDays).toBe(
      30,
    );
  });

  it('reads the trusted proxies as addresses and CIDR ranges, and refuses anything else', () => {
    expect(
      loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: ' 10.0.0.5, 192.168.1.0/24 ,fd00::/8' })
        .trustProxy,
    ).toEqual(['10.0.0.5', '192.168.1.0/24', 'fd00::/8']);
    for (const value of ['loopback', '10.0.0.300', '10.0.0.0/33', '10.0.0.0/8/1', 'fd00::/129']) {
      const error = settingError({ TRUST_PROXY: value });
      expect(error.variable).toBe('TRUST_PROXY');
      expect(error.message).toContain('Invalid setting TRUST_PROXY');
    }
  });

  it('derives the public URL from the port', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: '8080' }).publicUrl).toBe(
      'http://localhost:8080',
    );
  });

  it('reads clinic keys trimmed, uppercased and comma-separated', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), CLINIC_KEYS: ' dev-clinic-01 , KTM-02,' });
    expect(config.clinicKeys).toEqual(['DEV-CLINIC-01', 'KTM-02']);
  });

  it('generates a signing secret once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(first);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ APP_MODE: 'test' }, 'APP_MODE'],
    [{ DEMO_USERS: 'maybe' }, 'DEMO_USERS'],
    [{ CLINIC_KEYS: ' , ' }, 'CLINIC_KEYS'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET'],
    [{ NODE_ENV: 'production' }, 'AUTH_SECRET'],
    [{ NODE_ENV: 'production', AUTH_SECRET: 'a'.repeat(32) }, 'SMTP_URL'],
    [{ TURN_URLS: 'stun:stun.example.com', TURN_SECRET: 'b'.repeat(32) }, 'TURN_URLS'],
    [{ TURN_URLS: 'https://turn.example.com', TURN_SECRET: 'b'.repeat(32) }, 'TURN_URLS'],
    [{ TURN_URLS: 'turn:a.example.com, bad', TURN_SECRET: 'b'.repeat(32) }, 'TURN_URLS'],
    [{ TURN_URLS: ' , ', TURN_SECRET: 'b'.repeat(32) }, 'TURN_URLS'],
    [{ TURN_URLS: 'turn:turn.example.com:3478' }, 'TURN_SECRET'],
    [{ TURN_SECRET: 'b'.repeat(32) }, 'TURN_URLS'],
    [{ TURN_URLS: 'turn:turn.example.com:3478', TURN_SECRET: 'short' }, 'TURN_SECRET'],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET'],
    [{ S3_REGION: 'auto' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'Photos_Bucket' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'ab' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'photos', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
    [{ S3_BUCKET: 'photos', S3_ENDPOINT: 'ftp://minio.example.com' }, 'S3_ENDPOINT'],
    [{ S3_BUCKET: 'photos', S3_REGION: 'eu west' }, 'S3_REGION'],
    [{ S3_BUCKET: 'photos', S3_FORCE_PATH_STYLE: 'sometimes' }, 'S3_FORCE_PATH_STYLE'],
    [{ S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' }, 'S3_SECRET_ACCESS_KEY'],
    [{ S3_BUCKET: 'photos', S3_SECRET_ACCESS_KEY: 'x'.repeat(40) }, 'S3_ACCESS_KEY_ID'],
    [{ AUDIT_RETENTION_DAYS: 'six years' }, 'AUDIT_RETENTION_DAYS'],
    [{ AUDIT_RETENTION_DAYS: '0' }, 'AUDIT_RETENTION_DAYS'],
    [{ AUDIT_RETENTION_DAYS: '1.5' }, 'AUDIT_RETENTION_DAYS'],
  ])('refuses %o naming %s', (env, variable) => {
    const error = settingError(env);
    expect(error.variable).toBe(variable);
    expect(error.message).toMatch(new RegExp(`^Invalid setting ${variable}: `));
    expect(error.message).not.toContain('\n');
  });

  it('turns demo seeding off in production unless asked for', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), ...production }).demoUsers).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), ...production, DEMO_USERS: 'on' }).demoUsers).toBe(
      true,
    );
  });

  it.each(['INVITE_CODE', 'CLINIC_KEYS'] as const)(
    'requires %s in production, naming it',
    (variable) => {
      for (const absent of [undefined, '']) {
        const error = settingError({ ...production, [variable]: absent });
        expect(error.variable).toBe(variable);
        expect(error.message).toBe(
          `Invalid setting ${variable}: required when NODE_ENV=production`,
        );
      }
    },
  );

  it.each([
    ['INVITE_CODE', 'PILOT-2026'],
    ['INVITE_CODE', ' pilot-2026 '],
    ['CLINIC_KEYS', 'DEV-CLINIC-01'],
    ['CLINIC_KEYS', 'NORTH-CLINIC-7, dev-clinic-01'],
  ])('production refuses to start on a published default: %s=%j', (variable, value) => {
    const error = settingError({ ...production, [variable]: value });
    expect(error.variable).toBe(variable);
    expect(error.message).toMatch(
      new RegExp(
        `^Invalid setting ${variable}: production refuses to start on a published default`,
      ),
    );
  });

  it.each([
    ['INVITE_CODE', 'CHANGE-ME'],
    ['CLINIC_KEYS', 'KTM-WARD-3-7Q2X, change-me-pokhara'],
  ])("production refuses the deploy example's placeholder: %s=%j", (variable, value) => {
    const error = settingError({ ...production, [variable]: value });
    expect(error.variable).toBe(variable);
    expect(error.message).toBe(
      `Invalid setting ${variable}: still the deploy example's CHANGE-ME; choose your own`,
    );
  });

  it('starts in production on an invitation code and clinic keys of its own', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), ...production });
    expect(config.inviteCode).toBe('NORTH-PILOT-9F3K');
    expect(config.clinicKeys).toEqual(['KTM-WARD-3-7Q2X', 'POKHARA-1-8ZLM']);
    // Outside production the published values remain the defaults, as the contract says.
    expect(loadConfig({ DATA_DIR: dataDir(), INVITE_CODE: 'PILOT-2026' }).inviteCode).toBe(
      'PILOT-2026',
    );
  });

  it('reads the TURN server for visit calls, and has none unless both settings are given', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).turn).toBeUndefined();
    const config = loadConfig({
      DATA_DIR: dataDir(),
      TURN_URLS: ' turn:turn.example.com:3478?transport=udp , turns:turn.example.com:5349 ',
      TURN_SECRET: 'c'.repeat(32),
    });
    expect(config.turn).toEqual({
      urls: ['turn:turn.example.com:3478?transport=udp', 'turns:turn.example.com:5349'],
      secret: 'c'.repeat(32),
    });
  });

  it('never repeats the TURN secret in a refusal', () => {
    const error = settingError({ TURN_URLS: 'turn:t.example.com', TURN_SECRET: 'tiny-secret' });
    expect(error.variable).toBe('TURN_SECRET');
    expect(error.message).not.toContain('tiny-secret');
  });

  it('keeps photos under DATA_DIR unless an S3 setting is given', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).objectStorage).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), S3_ENDPOINT: '' }).objectStorage).toBeUndefined();
  });

  it('reads an S3-compatible store, path-style by default when it has its own endpoint', () => {
    const keys = { S3_ACCESS_KEY_ID: ' GK123 ', S3_SECRET_ACCESS_KEY: 's'.repeat(40) };
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        S3_ENDPOINT: 'http://127.0.0.1:3900',
        S3_BUCKET: 'sewa-photos',
        S3_REGION: 'garage',
        ...keys,
      }).objectStorage,
    ).toEqual({
      endpoint: 'http://127.0.0.1:3900',
      bucket: 'sewa-photos',
      region: 'garage',
      forcePathStyle: true,
      credentials: { accessKeyId: 'GK123', secretAccessKey: 's'.repeat(40) },
    });
    // AWS itself: no endpoint, the bucket in the host name, keys from the SDK's own chain.
    expect(loadConfig({ DATA_DIR: dataDir(), S3_BUCKET: 'sewa-photos' }).objectStorage).toEqual({
      endpoint: undefined,
      bucket: 'sewa-photos',
      region: 'us-east-1',
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        S3_ENDPOINT: 'https://minio.example.com',
        S3_BUCKET: 'sewa-photos',
        S3_FORCE_PATH_STYLE: 'off',
      }).objectStorage?.forcePathStyle,
    ).toBe(false);
  });

  it('never repeats the S3 keys in a refusal, nor a password written in an endpoint URL', () => {
    const inUrl = settingError({
      S3_BUCKET: 'photos',
      S3_ENDPOINT: 'https://admin:url-password@minio.example.com',
    });
    expect(inUrl.variable).toBe('S3_ENDPOINT');
    expect(inUrl.message).toContain('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
    expect(inUrl.message).not.toContain('url-password');

    const secret = settingError({
      S3_BUCKET: 'photos',
      S3_ACCESS_KEY_ID: 'GK123',
      S3_SECRET_ACCESS_KEY: 'two words',
    });
    expect(secret.variable).toBe('S3_SECRET_ACCESS_KEY');
    expect(secret.message).not.toContain('two words');
  });

  it('names the bucket rule in its refusal', () => {
    expect(settingError({ S3_BUCKET: 'My Photos' }).message).toBe(
      'Invalid setting S3_BUCKET: expected a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens (got "My Photos")',
    );
    expect(settingError({ S3_ENDPOINT: 'http://127.0.0.1:9000' }).message).toBe(
      'Invalid setting S3_BUCKET: required when S3_ENDPOINT is set',
    );
  });

  it('takes a text-message gateway with its token, and Sparrow with its sender identity', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).sms).toBeUndefined();
    expect(
      loadConfig({ DATA_DIR: dataDir(), SMS_GATEWAY: 'aakash', SMS_TOKEN: 'aakash-token-1' }).sms,
    ).toEqual({
      gateway: 'aakash',
      url: 'https://sms.aakashsms.com/sms/v3/send',
      token: 'aakash-token-1',
      from: undefined,
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        SMS_GATEWAY: 'sparrow',
        SMS_TOKEN: 'sparrow-token-1',
        SMS_FROM: 'SEWA',
        SMS_GATEWAY_URL: 'http://127.0.0.1:9090/v2/sms/',
      }).sms,
    ).toMatchObject({ gateway: 'sparrow', url: 'http://127.0.0.1:9090/v2/sms/', from: 'SEWA' });
    expect(settingError({ SMS_GATEWAY: 'sparrow', SMS_TOKEN: 'sparrow-token-1' }).message).toBe(
      'Invalid setting SMS_FROM: required when SMS_GATEWAY=sparrow',
    );
    expect(settingError({ SMS_GATEWAY: 'aakash' }).message).toBe(
      'Invalid setting SMS_TOKEN: required when SMS_GATEWAY is set',
    );
    expect(settingError({ SMS_TOKEN: 'lost-token-1' }).message).toBe(
      'Invalid setting SMS_GATEWAY: required when SMS_TOKEN is set',
    );
    expect(settingError({ SMS_GATEWAY: 'twilio', SMS_TOKEN: 'x'.repeat(10) }).message).toContain(
      'expected sparrow or aakash',
    );
    expect(settingError({ SMS_GATEWAY: 'aakash', SMS_TOKEN: 'CHANGE-ME' }).message).toBe(
      "Invalid setting SMS_TOKEN: still the deploy example's CHANGE-ME",
    );
    // A token refused is not repeated: the line may end up in a log.
    const short = settingError({ SMS_GATEWAY: 'aakash', SMS_TOKEN: 'secret' });
    expect(short.message).toBe(
      'Invalid setting SMS_TOKEN: expected a token of at least 8 characters',
    );
  });

  it('texts codes to Nepali numbers only, unless told the calling codes of more countries', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).smsCountryCodes).toEqual(['977']);
    expect(
      loadConfig({ DATA_DIR: dataDir(), SMS_COUNTRY_CODES: ' 977, 91,977' }).smsCountryCodes,
    ).toEqual(['977', '91']);
    for (const codes of ['+91', '977,abc', '0977', '1234', ',', '9,91']) {
      expect(settingError({ SMS_COUNTRY_CODES: codes }).message, codes).toBe(
        `Invalid setting SMS_COUNTRY_CODES: expected country calling codes without +, comma-separated, none the start of another (e.g. 977,91) (got ${JSON.stringify(codes)})`,
      );
    }
  });

  it('refuses in production a gateway the token would reach in clear', () => {
    const gateway = { SMS_GATEWAY: 'sparrow', SMS_TOKEN: 'sparrow-token-1', SMS_FROM: 'SEWA' };
    expect(
      settingError({ ...production, ...gateway, SMS_GATEWAY_URL: 'http://sms.example.np/v2/sms/' })
        .message,
    ).toBe(
      'Invalid setting SMS_GATEWAY_URL: expected an https: URL when NODE_ENV=production (over http: the token would travel in clear)',
    );
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        ...production,
        ...gateway,
        SMS_GATEWAY_URL: 'https://sms.example.np/v2/sms/',
      }).sms?.url,
    ).toBe('https://sms.example.np/v2/sms/');
    // The gateways' own addresses are https.
    expect(loadConfig({ DATA_DIR: dataDir(), ...production, ...gateway }).sms?.url).toBe(
      'https://api.sparrowsms.com/v2/sms/',
    );
  });

  it('generates a VAPID pair once, readable by the owner alone, with a subject from MAIL_FROM', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir, MAIL_FROM: 'Sewa <hello@sewa.example.org>' }).push;
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(first.subject).toBe('mailto:hello@sewa.example.org');
    const file = path.join(dir, 'vapid-keys.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir }).push).toMatchObject({
      publicKey: first.publicKey,
      privateKey: first.privateKey,
      subject: 'mailto:no-reply@localhost',
    });
  });

  it('takes a VAPID pair and subject of its own, and the push services it may post to', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'https://sewa.example.org/contact',
      PUSH_SERVICE_HOSTS: ' FCM.googleapis.com, localhost:8443,*.Notify.Windows.com ',
    });
    expect(config.push).toEqual({
      publicKey: vapid.publicKey,
      privateKey: vapid.privateKey,
      subject: 'https://sewa.example.org/contact',
      serviceHosts: ['fcm.googleapis.com', 'localhost:8443', '*.notify.windows.com'],
    });
    expect(loadConfig({ DATA_DIR: dataDir() }).push.serviceHosts).toEqual(
      expect.arrayContaining([
        'fcm.googleapis.com',
        'updates.push.services.mozilla.com',
        'web.push.apple.com',
        '*.notify.windows.com',
      ]),
    );
  });

  it.each([
    [{ VAPID_PUBLIC_KEY: vapid.publicKey }, 'VAPID_PRIVATE_KEY'],
    [{ VAPID_PRIVATE_KEY: vapid.privateKey }, 'VAPID_PUBLIC_KEY'],
    [{ VAPID_PUBLIC_KEY: 'not-a-key', VAPID_PRIVATE_KEY: vapid.privateKey }, 'VAPID_PUBLIC_KEY'],
    [
      { VAPID_PUBLIC_KEY: vapid.privateKey, VAPID_PRIVATE_KEY: vapid.privateKey },
      'VAPID_PUBLIC_KEY',
    ],
    [
      { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.publicKey },
      'VAPID_PRIVATE_KEY',
    ],
    [
      {
        VAPID_PUBLIC_KEY: webpush.generateVAPIDKeys().publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
      },
      'VAPID_PUBLIC_KEY',
    ],
    [{ VAPID_SUBJECT: 'operators@sewa.example.org' }, 'VAPID_SUBJECT'],
    [{ VAPID_SUBJECT: 'http://sewa.example.org' }, 'VAPID_SUBJECT'],
    [{ PUSH_SERVICE_HOSTS: ' , ' }, 'PUSH_SERVICE_HOSTS'],
    [{ PUSH_SERVICE_HOSTS: 'https://fcm.googleapis.com' }, 'PUSH_SERVICE_HOSTS'],
    [{ PUSH_SERVICE_HOSTS: 'fcm.googleapis.com/path' }, 'PUSH_SERVICE_HOSTS'],
    [{ PUSH_SERVICE_HOSTS: 'localhost:99999' }, 'PUSH_SERVICE_HOSTS'],
    [{ PUSH_SERVICE_HOSTS: 'push.*.example.com' }, 'PUSH_SERVICE_HOSTS'],
    [{ PUSH_SERVICE_HOSTS: '*' }, 'PUSH_SERVICE_HOSTS'],
  ])('refuses the push setting %o naming %s', (env, variable) => {
    expect(settingError(env).variable).toBe(variable);
  });

  it('requires the VAPID settings in production, not the deploy placeholder, and never shows the private key', () => {
    for (const name of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const) {
      expect(settingError({ ...production, [name]: '' }).message).toBe(
        `Invalid setting ${name}: required when NODE_ENV=production`,
      );
      expect(settingError({ ...production, [name]: 'CHANGE-ME' }).message).toContain(
        "still the deploy example's CHANGE-ME",
      );
    }
    const refused = settingError({ ...production, VAPID_PRIVATE_KEY: 'secret-private-key' });
    expect(refused.variable).toBe('VAPID_PRIVATE_KEY');
    expect(refused.message).not.toContain('secret-private-key');
    expect(loadConfig({ DATA_DIR: dataDir(), ...production }).push.publicKey).toBe(vapid.publicKey);
  });
});

describe('the HMIS report settings', () => {
  const dhis2 = {
    DHIS2_URL: 'https://hmis.example.gov.np/',
    DHIS2_USERNAME: 'sewa',
    DHIS2_PASSWORD: 'a-real-secret-9',
  };

  it('read the shipped mapping, and DHIS2 only when its URL is set', () => {
    const plain = loadConfig({ DATA_DIR: dataDir() }).hmis;
    expect(plain.dhis2).toBeUndefined();
    expect(plain.mapping.dataSet).toBe('PLACEHOLDER-DATASET');
    expect(loadConfig({ DATA_DIR: dataDir(), ...dhis2 }).hmis.dhis2).toEqual({
      url: 'https://hmis.example.gov.np',
      username: 'sewa',
      password: 'a-real-secret-9',
    });
  });

  it('stop the start on a mapping file that is wrong, naming the field', () => {
    const file = path.join(dataDir(), 'mapping.json');
    writeFileSync(file, JSON.stringify({ dataSet: 'DS', dataElements: {} }));
    const refused = settingError({ HMIS_MAPPING: file });
    expect(refused.variable).toBe('HMIS_MAPPING');
    expect(refused.message).toMatch(/^Invalid setting HMIS_MAPPING: dataElements\.consultations: /);
  });

  it('need all three DHIS2 settings together, and never repeat the password', () => {
    expect(settingError({ DHIS2_URL: dhis2.DHIS2_URL }).variable).toBe('DHIS2_USERNAME');
    expect(settingError({ DHIS2_USERNAME: 'sewa' }).variable).toBe('DHIS2_PASSWORD');
    expect(
      settingError({ ...dhis2, DHIS2_URL: 'https://sewa:pw@hmis.example.gov.np' }).variable,
    ).toBe('DHIS2_URL');
    const placeholder = settingError({ ...dhis2, DHIS2_PASSWORD: 'CHANGE-ME' });
    expect(placeholder.variable).toBe('DHIS2_PASSWORD');
    const empty = settingError({ ...dhis2, DHIS2_URL: 'ftp://x' });
    expect(empty.message).not.toContain(dhis2.DHIS2_PASSWORD);
  });
});
