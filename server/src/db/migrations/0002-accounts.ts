import { sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * The tables of the account system (Better Auth with the e-mail code, two-factor,
 * phone number, passkey and JWT plugins), as its schema generator writes them for
 * our options. A change of those options that adds fields needs a new migration.
 */
const statements: RawBuilder<unknown>[] = [
  sql`create table "user" ("id" text not null primary key, "name" text not null, "email" text not null unique, "emailVerified" boolean not null, "image" text, "createdAt" timestamptz default CURRENT_TIMESTAMP not null, "updatedAt" timestamptz default CURRENT_TIMESTAMP not null, "twoFactorEnabled" boolean, "phoneNumber" text unique, "phoneNumberVerified" boolean)`,
  sql`create table "session" ("id" text not null primary key, "expiresAt" timestamptz not null, "token" text not null unique, "createdAt" timestamptz default CURRENT_TIMESTAMP not null, "updatedAt" timestamptz not null, "ipAddress" text, "userAgent" text, "userId" text not null references "user" ("id") on delete cascade)`,
  sql`create table "account" ("id" text not null primary key, "accountId" text not null, "providerId" text not null, "userId" text not null references "user" ("id") on delete cascade, "accessToken" text, "refreshToken" text, "idToken" text, "accessTokenExpiresAt" timestamptz, "refreshTokenExpiresAt" timestamptz, "scope" text, "password" text, "createdAt" timestamptz default CURRENT_TIMESTAMP not null, "updatedAt" timestamptz not null)`,
  sql`create table "verification" ("id" text not null primary key, "identifier" text not null, "value" text not null, "expiresAt" timestamptz not null, "createdAt" timestamptz default CURRENT_TIMESTAMP not null, "updatedAt" timestamptz default CURRENT_TIMESTAMP not null)`,
  sql`create table "twoFactor" ("id" text not null primary key, "secret" text not null, "backupCodes" text not null, "userId" text not null references "user" ("id") on delete cascade, "verified" boolean, "failedVerificationCount" integer, "lockedUntil" timestamptz)`,
  sql`create table "passkey" ("id" text not null primary key, "name" text, "publicKey" text not null, "userId" text not null references "user" ("id") on delete cascade, "credentialID" text not null, "counter" integer not null, "deviceType" text not null, "backedUp" boolean not null, "transports" text, "createdAt" timestamptz, "aaguid" text)`,
  sql`create table "jwks" ("id" text not null primary key, "publicKey" text not null, "privateKey" text not null, "createdAt" timestamptz not null, "expiresAt" timestamptz, "alg" text, "crv" text)`,
  sql`create index "session_userId_idx" on "session" ("userId")`,
  sql`create index "account_userId_idx" on "account" ("userId")`,
  sql`create index "verification_identifier_idx" on "verification" ("identifier")`,
  sql`create index "twoFactor_secret_idx" on "twoFactor" ("secret")`,
  sql`create index "twoFactor_userId_idx" on "twoFactor" ("userId")`,
  sql`create index "passkey_userId_idx" on "passkey" ("userId")`,
  sql`create index "passkey_credentialID_idx" on "passkey" ("credentialID")`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'jwks',
    'passkey',
    'twoFactor',
    'verification',
    'account',
    'session',
    'user',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
