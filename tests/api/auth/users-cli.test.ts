import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/src/app';
import { seedDemoUsers } from '../../../server/src/auth/demo-users';
import { exitCodes, runUsersCommand, type Output } from '../../../server/src/cli/users';
import { loadConfig } from '../../../server/src/config';
import { migrateToLatest, openDatabase } from '../../../server/src/db/database';
import { profilesRepository } from '../../../server/src/profiles/profiles-repository';
import { databaseVariants } from '../support/test-server';
import { signedIn, signUpAndConfirm, startAuthWorld, uniqueEmail, type AuthWorld } from './fixture';

function capture(): Output & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, log: (line) => lines.push(line), error: (line) => errors.push(line) };
}

describe.each(databaseVariants)('the users command on the $name database', (variant) => {
  let world: AuthWorld;
  beforeAll(async () => {
    world = await startAuthWorld(variant);
  });
  afterAll(() => world.close());

  const run = async (...args: string[]) => {
    const out = capture();
    const code = await runUsersCommand(args, world.server.database.db, out);
    return { code, ...out };
  };

  it('gives an account a role, which the running server then reports', async () => {
    const email = uniqueEmail('promote');
    await signUpAndConfirm(world, email);
    const browser = await signedIn(world, email);
    expect((await browser.get<{ role: string }>('/api/me')).body.role).toBe('patient');

    const result = await run('set-role', ` ${email.toUpperCase()} `, 'Doctor');
    expect(result).toMatchObject({ code: exitCodes.ok, errors: [] });
    expect(result.lines).toEqual([`${email} is now doctor (was patient).`]);
    expect((await browser.get<{ role: string }>('/api/me')).body.role).toBe('doctor');

    const again = await run('set-role', email, 'doctor');
    expect(again.lines).toEqual([`${email} already has the role doctor.`]);

    const listed = await run('list');
    expect(listed.code).toBe(exitCodes.ok);
    expect(listed.lines.find((line) => line.startsWith(email))).toMatch(/\sdoctor$/);
  });

  it('refuses an unknown e-mail or role with a clear message and its exit code', async () => {
    const unknownEmail = await run('set-role', 'nobody@example.com', 'doctor');
    expect(unknownEmail.code).toBe(exitCodes.refused);
    expect(unknownEmail.errors).toEqual(['No account with the e-mail nobody@example.com.']);

    const email = uniqueEmail('nurse');
    await signUpAndConfirm(world, email);
    const unknownRole = await run('set-role', email, 'nurse');
    expect(unknownRole.code).toBe(exitCodes.usage);
    expect(unknownRole.errors[0]).toBe(
      'Unknown role "nurse". Roles: patient, doctor, manager, admin, superadmin, researcher.',
    );
    const user = await world.server.database.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(await profilesRepository(world.server.database.db).roleOf(user.id)).toBe('patient');

    for (const args of [[], ['set-role', email], ['promote', email, 'doctor']]) {
      const wrong = await run(...args);
      expect(wrong.code, args.join(' ')).toBe(exitCodes.usage);
      expect([...wrong.lines, ...wrong.errors].join('\n')).toContain('Usage:');
    }
  });
});

describe('npm run users, as an operator runs it', () => {
  let dataDir: string;
  beforeAll(async () => {
    // A server that started (seeding the demo accounts) and stopped.
    dataDir = mkdtempSync(path.join(tmpdir(), 'sewa-users-cli-'));
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
    const database = await openDatabase({ dataDir });
    await migrateToLatest(database.db);
    const { server, auth } = await buildApp({ config, database });
    await seedDemoUsers(auth, database.db, profilesRepository(database.db));
    await server.close();
    await database.close();
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const users = (...args: string[]) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/src/cli/users.ts', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development' },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: unknown) => error as { code: number; stdout: string; stderr: string },
    );

  it('sets a role and lists it, with exit codes', { timeout: 120_000 }, async () => {
    const set = await users('set-role', 'patient@example.com', 'manager');
    expect(set.stderr).toBe('');
    expect(set.stdout).toBe('patient@example.com is now manager (was patient).\n');
    expect(set.code).toBe(0);

    const unknown = await users('set-role', 'ghost@example.com', 'manager');
    expect(unknown.code).toBe(exitCodes.refused);
    expect(unknown.stderr).toBe('No account with the e-mail ghost@example.com.\n');

    const list = await users('list');
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^patient@example\.com\s+manager$/m);
    expect(list.stdout).toMatch(/^doctor@example\.com\s+doctor$/m);
  });
});
