import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { appModeSchema, type AppMode } from '@shared/app-mode';
import type { SmsGatewaySettings } from './sms/sms-gateways';
import { loadHmisMapping, type HmisMapping } from './hmis/hmis-mapping';
import { generateVapidKeys } from './push/web-push-protocol';

/** Six years, the time clinics keep a record of who saw what. */
export const defaultAuditRetentionDays = 6 * 365 + 2;

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  inviteCode: string;
  clinicKeys: string[];
  appMode: AppMode;
  demoUsers: boolean;
  authSecret: string;
  logLevel: string;
  /** The proxies whose `X-Forwarded-For` is believed: addresses or CIDR ranges. */
  trustProxy: string[];
  /** The TURN server for visit calls and its shared secret; absent when none is set up. */
  turn: { urls: string[]; secret: string } | undefined;
  /** The S3-compatible object store photos are kept in; absent: the folder `DATA_DIR/uploads`. */
  objectStorage: ObjectStorageConfig | undefined;
  /** Audit entries older than this many days are pruned. */
  auditRetentionDays: number;
  /** The text-message gateway; absent: texts go to the development outbox, or nowhere in production. */
  sms: SmsGatewaySettings | undefined;
  /** The country calling codes whose numbers may be texted a code, without `+`: `977` alone unless set. */
  smsCountryCodes: string[];
  /** Web push: the server's VAPID key pair, the contact push services see, where it may post. */
  push: PushConfig;
  /** The HMIS report: its mapping, and the DHIS2 it is sent to (absent: preview only). */
  hmis: HmisConfig;
}

export interface HmisConfig {
  mapping: HmisMapping;
  dhis2: { url: string; username: string; password: string } | undefined;
}

export interface PushConfig {
  /** Base64url, the 65-byte uncompressed P-256 point browsers subscribe with. */
  publicKey: string;
  /** Base64url, 32 bytes. */
  privateKey: string;
  /** `mailto:` or `https:`: whom a push service contacts about our traffic. */
  subject: string;
  /** `host` or `host:port`, lower case; `*.` in front matches any name under that domain. */
  serviceHosts: string[];
}

export interface ObjectStorageConfig {
  /** Absent: AWS S3 itself, found by region. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  forcePathStyle: boolean;
  /** Absent: the AWS SDK's own chain (environment, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/** A setting that cannot be used; `main` prints it as one line and stops. */
export class SettingError extends Error {
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`Invalid setting ${variable}: ${reason}`);
  }
}

/** `10.0.0.5`, `::1`, `192.168.1.0/24`, `fd00::/8`. */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

const booleanSetting = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off']))
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

/** `a, b,,c` → `['a', 'b', 'c']`: entries trimmed, empty ones dropped. */
const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean),
);

const urlSetting = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      `expected a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    );

/** Base64url text (no padding) that decodes to `length` bytes, the first one `first` if given. */
function isBase64urlKey(value: string, length: number, first?: number): boolean {
  if (!/^[A-Za-z0-9_-]+$/.test(value)) return false;
  const bytes = Buffer.from(value, 'base64url');
  return bytes.length === length && (first === undefined || bytes[0] === first);
}

/** `fcm.googleapis.com`, `localhost:8443`, `*.notify.windows.com`. */
const pushServiceHost =
  /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/;

const settingSchemas = {
  NODE_ENV: z.enum(['development', 'production', 'test']),
  PORT: z.coerce
    .number({ error: 'expected a port number' })
    .int('expected a whole port number')
    .min(0, 'expected a port between 0 and 65535')
    .max(65535, 'expected a port between 0 and 65535'),
  HOST: z.string().trim().min(1, 'expected an interface address'),
  PUBLIC_URL: urlSetting(['http:', 'https:']).transform((value) => value.replace(/\/+$/, '')),
  DATA_DIR: z.string().trim().min(1, 'expected a folder path'),
  DATABASE_URL: urlSetting(['postgres:', 'postgresql:']),
  SMTP_URL: urlSetting(['smtp:', 'smtps:']),
  MAIL_FROM: z.string().trim().min(3, 'expected an e-mail address'),
  INVITE_CODE: z.string().trim().min(1, 'expected a non-empty invitation code'),
  CLINIC_KEYS: commaList
    .transform((keys) => keys.map((key) => key.toUpperCase()))
    .refine((keys) => keys.length > 0, 'expected at least one clinic key'),
  APP_MODE: appModeSchema,
  DEMO_USERS: booleanSetting,
  AUTH_SECRET: z.string().min(32, 'expected at least 32 characters'),
  TRUST_PROXY: commaList.refine(
    (entries) => entries.every(isAddressOrRange),
    'expected addresses or CIDR ranges, comma-separated (e.g. 10.0.0.5,192.168.1.0/24)',
  ),
  TURN_URLS: commaList.refine(
    (urls) => urls.length > 0 && urls.every((url) => /^turns?:[^\s]+$/.test(url)),
    'expected TURN URLs starting with turn: or turns:, comma-separated (e.g. turn:turn.example.com:3478)',
  ),
  TURN_SECRET: z.string().min(16, 'expected at least 16 characters'),
  S3_ENDPOINT: urlSetting(['http:', 'https:']).refine((value) => {
    const url = new URL(value);
    return url.username === '' && url.password === '';
  }, 'expected no keys in the URL: give them in S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY'),
  S3_BUCKET: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'expected a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens',
    ),
  S3_REGION: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'expected a region name such as us-east-1, auto or garage'),
  S3_ACCESS_KEY_ID: z.string().trim().regex(/^\S+$/, 'expected an access key id without spaces'),
  S3_SECRET_ACCESS_KEY: z.string().trim().regex(/^\S+$/, 'expected a secret key without spaces'),
  S3_FORCE_PATH_STYLE: booleanSetting,
  AUDIT_RETENTION_DAYS: z.coerce
    .number({ error: 'expected a whole number of days' })
    .int('expected a whole number of days')
    .min(1, 'expected at least 1 day')
    .max(36_500, 'expected at most 36500 days (100 years)'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  SMS_GATEWAY: z.enum(['sparrow', 'aakash'], { error: 'expected sparrow or aakash' }),
  SMS_GATEWAY_URL: urlSetting(['http:', 'https:']),
  SMS_TOKEN: z
    .string()
    .trim()
    .regex(/^\S{8,}$/, 'expected a token of at least 8 characters'),
  SMS_FROM: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_ .-]{1,20}$/, 'expected the sender identity the gateway gave you'),
  SMS_COUNTRY_CODES: commaList.refine(
    (codes) =>
      codes.length > 0 &&
      codes.every((code) => /^[1-9]\d{0,2}$/.test(code)) &&
      // Calling codes never begin one another; a list where one does (9 and 91) holds a typo
      // that would open every number under the shorter one.
      codes.every((code) => !codes.some((other) => other !== code && other.startsWith(code))),
    'expected country calling codes without +, comma-separated, none the start of another (e.g. 977,91)',
  ),
  HMIS_MAPPING: z.string().trim().min(1, 'expected the path of a JSON mapping file'),
  DHIS2_URL: urlSetting(['http:', 'https:']).refine(
    (value) => !/^[a-z]+:\/\/[^/]*@/i.test(value),
    'expected no user or password in the URL (set DHIS2_USERNAME and DHIS2_PASSWORD)',
  ),
  DHIS2_USERNAME: z.string().trim().min(1, 'expected the DHIS2 user name'),
  DHIS2_PASSWORD: z.string().min(1, 'expected the DHIS2 password'),
  VAPID_PUBLIC_KEY: z
    .string()
    .trim()
    .refine(
      (value) => isBase64urlKey(value, 65, 0x04),
      'expected a base64url P-256 public key of 65 bytes (web-push generate-vapid-keys)',
    ),
  VAPID_PRIVATE_KEY: z
    .string()
    .trim()
    .refine(
      (value) => isBase64urlKey(value, 32),
      'expected a base64url P-256 private key of 32 bytes (web-push generate-vapid-keys)',
    ),
  VAPID_SUBJECT: z
    .string()
    .trim()
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' || (url.protocol === 'mailto:' && value.includes('@'));
      } catch {
        return false;
      }
    }, 'expected a mailto: address or an https: URL where push services can reach you'),
  PUSH_SERVICE_HOSTS: commaList
    .transform((hosts) => hosts.map((host) => host.toLowerCase()))
    .refine(
      (hosts) =>
        hosts.length > 0 &&
        hosts.every(
          (host) => pushServiceHost.test(host) && Number(host.split(':')[1] ?? 0) <= 65535,
        ),
      'expected push service host names, optionally with :port or a leading *., comma-separated (e.g. fcm.googleapis.com,*.notify.windows.com)',
    ),
} as const;

type SettingName = keyof typeof settingSchemas;

/**
 * The development values the README and the contract print for anyone to read. Production
 * refuses them as it refuses their absence: with them, anyone could sign up or bind a tablet.
 */
export const publishedDefaults = {
  INVITE_CODE: 'PILOT-2026',
  CLINIC_KEYS: 'DEV-CLINIC-01',
} as const;

/** What `deploy/systemd/sewa.env.example` writes where a value of one's own belongs. */
const deployPlaceholder = 'CHANGE-ME';

/** Settings whose value a refusal must not repeat: the line may end up in a log. */
const secretSettings = new Set<SettingName>([
  'TURN_SECRET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'SMS_TOKEN',
  'VAPID_PRIVATE_KEY',
  'DHIS2_PASSWORD',
]);

/** The value as a refusal may repeat it: never a secret, nor a password written in a URL. */
function shownValue(name: SettingName, raw: string): string {
  if (secretSettings.has(name)) return '';
  return ` (got ${JSON.stringify(raw.replace(/\/\/[^/@]*@/, '//…@'))})`;
}

function read<N extends SettingName>(
  env: NodeJS.ProcessEnv,
  name: N,
  fallback: string,
): z.output<(typeof settingSchemas)[N]>;
function read<N extends SettingName>(
  env: NodeJS.ProcessEnv,
  name: N,
): z.output<(typeof settingSchemas)[N]> | undefined;
function read<N extends SettingName>(env: NodeJS.ProcessEnv, name: N, fallback?: string) {
  const raw = env[name] === undefined || env[name] === '' ? fallback : env[name];
  if (raw === undefined) return undefined;
  const result = settingSchemas[name].safeParse(raw);
  if (!result.success) {
    const reason = result.error.issues[0]?.message ?? 'invalid value';
    throw new SettingError(name, `${reason}${shownValue(name, raw)}`);
  }
  return result.data;
}

/**
 * Development keeps its signing secret in DATA_DIR so that sessions survive a
 * restart without anyone having to invent a secret first.
 */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The push services of the browsers people use: Chrome, Android and most Chromium browsers
 * (Firebase Cloud Messaging), Firefox (Mozilla's autopush), Safari on macOS and iOS (Apple's
 * push service, whose hosts Apple names as `*.push.apple.com`) and Edge (Windows Push
 * Notification Services, a host per region).
 */
export const defaultPushServiceHosts = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

/** Development keeps a VAPID pair in DATA_DIR, so a device's subscription survives a restart. */
function developmentVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const { publicKey, privateKey } = stored;
    if (
      typeof publicKey === 'string' &&
      typeof privateKey === 'string' &&
      isBase64urlKey(publicKey, 65, 0x04) &&
      isBase64urlKey(privateKey, 32)
    ) {
      return { publicKey, privateKey };
    }
    throw new SettingError(
      'VAPID_PUBLIC_KEY',
      `the development key file ${file} is damaged; remove it`,
    );
  }
  mkdirSync(dataDir, { recursive: true });
  const { publicKey, privateKey } = generateVapidKeys();
  writeFileSync(file, JSON.stringify({ publicKey, privateKey }), { mode: 0o600 });
  return { publicKey, privateKey };
}

/** The public half of a P-256 private key, or null when it is no valid key. */
function publicOf(privateKey: string): string | null {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey('base64url');
  } catch {
    return null;
  }
}

/** The address part of `MAIL_FROM`, which may be written `Sewa <no-reply@example.org>`. */
function mailAddressOf(mailFrom: string): string {
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return /^[^\s@<>]+@[^\s@<>]+$/.test(address) ? address : 'no-reply@localhost';
}

/**
 * The VAPID pair is given in production (with its subject) and in development when one
 * chooses; the two halves must belong together, or every push would be refused.
 */
function pushConfig(
  env: NodeJS.ProcessEnv,
  production: boolean,
  dataDir: string,
  mailFrom: string,
): PushConfig {
  const vapid = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const;
  for (const name of vapid) {
    if (production && (env[name] ?? '') === '') {
      throw new SettingError(name, 'required when NODE_ENV=production');
    }
    if ((env[name] ?? '').includes(deployPlaceholder)) {
      throw new SettingError(
        name,
        `still the deploy example's ${deployPlaceholder}; choose your own`,
      );
    }
  }
  const [publicKey, privateKey] = readPair(env, 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY');
  let keys: { publicKey: string; privateKey: string };
  if (publicKey !== undefined && privateKey !== undefined) {
    if (publicOf(privateKey) !== publicKey) {
      throw new SettingError('VAPID_PUBLIC_KEY', 'not the public half of VAPID_PRIVATE_KEY');
    }
    keys = { publicKey, privateKey };
  } else {
    keys = developmentVapidKeys(dataDir);
  }
  return {
    ...keys,
    subject: read(env, 'VAPID_SUBJECT', `mailto:${mailAddressOf(mailFrom)}`),
    serviceHosts: read(env, 'PUSH_SERVICE_HOSTS', defaultPushServiceHosts.join(',')),
  };
}

const objectStorageSettings = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

/**
 * Any `S3_*` setting means photos go to an object store, which needs at least a bucket;
 * the keys come as a pair or not at all.
 */
function objectStorageConfig(env: NodeJS.ProcessEnv): ObjectStorageConfig | undefined {
  const given = objectStorageSettings.find((name) => (env[name] ?? '') !== '');
  if (given === undefined) return undefined;
  const bucket = read(env, 'S3_BUCKET');
  if (bucket === undefined) {
    throw new SettingError('S3_BUCKET', `required when ${given} is set`);
  }
  const endpoint = read(env, 'S3_ENDPOINT');
  const [accessKeyId, secretAccessKey] = readPair(env, 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY');
  return {
    endpoint,
    bucket,
    region: read(env, 'S3_REGION', 'us-east-1'),
    // A store named by its own endpoint (MinIO, Garage) usually answers every bucket at one
    // host name; AWS itself puts the bucket in the host name.
    forcePathStyle: read(env, 'S3_FORCE_PATH_STYLE', endpoint === undefined ? 'false' : 'true'),
    credentials:
      accessKeyId !== undefined && secretAccessKey !== undefined
        ? { accessKeyId, secretAccessKey }
        : undefined,
  };
}

/** Where each gateway takes texts unless `SMS_GATEWAY_URL` says otherwise. */
const gatewayUrls = {
  sparrow: 'https://api.sparrowsms.com/v2/sms/',
  aakash: 'https://sms.aakashsms.com/sms/v3/send',
} as const;

const smsSettings = ['SMS_GATEWAY_URL', 'SMS_TOKEN', 'SMS_FROM'] as const;

/**
 * `SMS_GATEWAY` chooses the gateway; it then needs its token, and Sparrow a sender identity.
 * Production posts the token only over `https:`: over `http:` anyone on the way could read it.
 */
function smsConfig(env: NodeJS.ProcessEnv, production: boolean): SmsGatewaySettings | undefined {
  const gateway = read(env, 'SMS_GATEWAY');
  if (gateway === undefined) {
    const given = smsSettings.find((name) => (env[name] ?? '') !== '');
    if (given !== undefined) throw new SettingError('SMS_GATEWAY', `required when ${given} is set`);
    return undefined;
  }
  const token = read(env, 'SMS_TOKEN');
  if (token === undefined) throw new SettingError('SMS_TOKEN', 'required when SMS_GATEWAY is set');
  if (token.startsWith(deployPlaceholder)) {
    throw new SettingError('SMS_TOKEN', `still the deploy example's ${deployPlaceholder}`);
  }
  const from = read(env, 'SMS_FROM');
  if (gateway === 'sparrow' && from === undefined) {
    throw new SettingError('SMS_FROM', 'required when SMS_GATEWAY=sparrow');
  }
  const url = read(env, 'SMS_GATEWAY_URL', gatewayUrls[gateway]);
  if (production && new URL(url).protocol !== 'https:') {
    throw new SettingError(
      'SMS_GATEWAY_URL',
      'expected an https: URL when NODE_ENV=production (over http: the token would travel in clear)',
    );
  }
  return { gateway, url, token, from };
}

/** The HMIS mapping file, checked at start; and the DHIS2 server, whose three settings go together. */
function hmisConfig(env: NodeJS.ProcessEnv): HmisConfig {
  const loaded = loadHmisMapping(read(env, 'HMIS_MAPPING'));
  if ('problem' in loaded) throw new SettingError('HMIS_MAPPING', loaded.problem);
  const url = read(env, 'DHIS2_URL');
  for (const name of ['DHIS2_USERNAME', 'DHIS2_PASSWORD'] as const) {
    if ((env[name] ?? '').includes(deployPlaceholder)) {
      throw new SettingError(name, `still the deploy example's ${deployPlaceholder}`);
    }
  }
  const [username, password] = readPair(env, 'DHIS2_USERNAME', 'DHIS2_PASSWORD');
  if (url === undefined) {
    if (username !== undefined)
      throw new SettingError('DHIS2_URL', 'required when DHIS2_USERNAME is set');
    return { mapping: loaded.mapping, dhis2: undefined };
  }
  if (username === undefined || password === undefined) {
    throw new SettingError('DHIS2_USERNAME', 'required when DHIS2_URL is set');
  }
  return { mapping: loaded.mapping, dhis2: { url: url.replace(/\/+$/, ''), username, password } };
}

/** Two settings that work only together: one given without the other stops the start. */
function readPair<A extends SettingName, B extends SettingName>(
  env: NodeJS.ProcessEnv,
  first: A,
  second: B,
): [
  z.output<(typeof settingSchemas)[A]> | undefined,
  z.output<(typeof settingSchemas)[B]> | undefined,
] {
  const a = read(env, first);
  const b = read(env, second);
  if (a !== undefined && b === undefined) {
    throw new SettingError(second, `required when ${first} is set`);
  }
  if (b !== undefined && a === undefined) {
    throw new SettingError(first, `required when ${second} is set`);
  }
  return [a, b];
}

/**
 * In production a setting with a published development default must be given, and given
 * something else: compared as the server compares what people type (trimmed, any case).
 */
function refusePublished(name: keyof typeof publishedDefaults, values: string[]): void {
  if (values.length === 0) {
    throw new SettingError(name, 'required when NODE_ENV=production');
  }
  const typed = values.map((value) => value.trim().toUpperCase());
  if (typed.includes(publishedDefaults[name].toUpperCase())) {
    throw new SettingError(
      name,
      `production refuses to start on a published default (${publishedDefaults[name]}); choose your own`,
    );
  }
  // The deploy example's placeholders are as public as the defaults.
  if (typed.some((value) => value.startsWith(deployPlaceholder))) {
    throw new SettingError(
      name,
      `still the deploy example's ${deployPlaceholder}; choose your own`,
    );
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = read(env, 'NODE_ENV', 'development');
  const production = nodeEnv === 'production';
  const port = read(env, 'PORT', '3000');
  const dataDir = path.resolve(read(env, 'DATA_DIR', './data'));
  const authSecret = read(env, 'AUTH_SECRET');
  if (production && authSecret === undefined) {
    throw new SettingError('AUTH_SECRET', 'required when NODE_ENV=production');
  }
  const smtpUrl = read(env, 'SMTP_URL');
  // Without a mail server, production mail would sit in an outbox nobody reads: no one
  // could confirm an account or reset a password.
  if (production && smtpUrl === undefined) {
    throw new SettingError('SMTP_URL', 'required when NODE_ENV=production');
  }
  const [turnUrls, turnSecret] = readPair(env, 'TURN_URLS', 'TURN_SECRET');
  const inviteCode = read(env, 'INVITE_CODE');
  const clinicKeys = read(env, 'CLINIC_KEYS');
  if (production) {
    refusePublished('INVITE_CODE', inviteCode === undefined ? [] : [inviteCode]);
    refusePublished('CLINIC_KEYS', clinicKeys ?? []);
  }
  const mailFrom = read(env, 'MAIL_FROM', 'no-reply@localhost');
  return {
    nodeEnv,
    port,
    host: read(env, 'HOST', '127.0.0.1'),
    publicUrl: read(env, 'PUBLIC_URL', `http://localhost:${port}`),
    dataDir,
    databaseUrl: read(env, 'DATABASE_URL'),
    smtpUrl,
    mailFrom,
    inviteCode: inviteCode ?? publishedDefaults.INVITE_CODE,
    clinicKeys: clinicKeys ?? [publishedDefaults.CLINIC_KEYS],
    appMode: read(env, 'APP_MODE', 'dev'),
    demoUsers: read(env, 'DEMO_USERS', production ? 'false' : 'true'),
    authSecret: authSecret ?? developmentSecret(dataDir),
    logLevel: read(env, 'LOG_LEVEL', nodeEnv === 'test' ? 'warn' : 'info'),
    trustProxy: read(env, 'TRUST_PROXY') ?? [],
    turn:
      turnUrls !== undefined && turnSecret !== undefined
        ? { urls: turnUrls, secret: turnSecret }
        : undefined,
    objectStorage: objectStorageConfig(env),
    auditRetentionDays: read(env, 'AUDIT_RETENTION_DAYS', String(defaultAuditRetentionDays)),
    sms: smsConfig(env, production),
    smsCountryCodes: [...new Set(read(env, 'SMS_COUNTRY_CODES', '977'))],
    push: pushConfig(env, production, dataDir, mailFrom),
    hmis: hmisConfig(env),
  };
}
