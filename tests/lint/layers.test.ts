import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The project's own lint configuration, limited to the rules that keep the code's shape and
 * without type information, which these rules do not read and which would cost seconds a file.
 */
const eslint = new ESLint({
  cwd: root,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) =>
    ruleId === 'no-restricted-imports' ||
    ['import-x/', 'check-file/', 'sewa/'].some((plugin) => ruleId.startsWith(plugin)),
});

async function rulesBroken(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result?.messages.map((message) => message.ruleId ?? message.message) ?? [];
}

describe('lint keeps the layers', () => {
  it('refuses a feature that imports another feature, by alias or by relative path', async () => {
    expect(
      await rulesBroken(
        "export { useSignInWithPassword } from '@/features/auth/api/sign-in';\n",
        'web/src/features/queue/planted.ts',
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await rulesBroken(
        "export { useSignInWithPassword } from '../auth/api/sign-in';\n",
        'web/src/features/queue/planted.ts',
      ),
    ).toContain('import-x/no-restricted-paths');
  });

  it('lets a feature import its own modules, lib, components and shared', async () => {
    expect(
      await rulesBroken(
        [
          "export { messagingKeys } from './api/query-keys';",
          "export { apiFetch } from '@/lib/api-client';",
          "export { Button } from '@/components/ui/button';",
          "export { apiErrorSchema } from '@shared/api-error';",
          '',
        ].join('\n'),
        'web/src/features/messaging/planted.ts',
      ),
    ).toEqual([]);
  });

  it('refuses components or lib that import a feature or the app', async () => {
    expect(
      await rulesBroken(
        "export { ClinicBadge } from '@/features/device/components/clinic-badge';\n",
        'web/src/components/ui/planted.ts',
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await rulesBroken("export { AppRoutes } from '@/app/router';\n", 'web/src/lib/planted.ts'),
    ).toContain('import-x/no-restricted-paths');
  });

  it('refuses a server route that imports another route', async () => {
    expect(
      await rulesBroken(
        "export { registerHealthRoutes } from './health';\n",
        'server/src/routes/planted.ts',
      ),
    ).toContain('import-x/no-restricted-paths');
  });
});

describe('lint keeps the server layers', () => {
  it('refuses a route that imports the database, a repository or a database package, types included', async () => {
    const planted = [
      "import type { DatabaseHandle } from '../db/database';",
      "import { withUnitsOfWork } from '../db/unit-of-work';",
      "import type { ProfilesRepository } from '../profiles/profiles-repository';",
      "import { auditRepository } from '../audit/audit-repository';",
      "import type { Kysely } from 'kysely';",
      "import { sql } from 'kysely';",
      "import type { Pool } from 'pg';",
      "import { PGlite } from '@electric-sql/pglite';",
      "import { PGliteDialect } from 'kysely-pglite-dialect';",
    ];
    for (const line of planted) {
      expect(await rulesBroken(`${line}\n`, 'server/src/routes/planted.ts'), line).toContain(
        'import-x/no-restricted-paths',
      );
    }
  });

  it('lets a route import schemas, who acts, errors, http helpers and a service', async () => {
    expect(
      await rulesBroken(
        [
          "import { profileSchema } from '@shared/profile';",
          "import { actorOf, signedInFirst } from '../auth/require-user';",
          "import { AppError } from '../http/app-error';",
          "import { noStore } from '../http/no-store';",
          "import type { ProfilesService } from '../profiles/profiles-service';",
          '',
        ].join('\n'),
        'server/src/routes/planted.ts',
      ),
    ).toEqual([]);
  });

  it('refuses a repository that imports a route, a service, realtime or http', async () => {
    const planted = [
      "import { registerHealthRoutes } from '../routes/health';",
      "import type { ProfilesService } from './profiles-service';",
      "import type { MessageHub } from '../realtime/message-hub';",
      "import { AppError } from '../http/app-error';",
    ];
    for (const line of planted) {
      expect(
        await rulesBroken(`${line}\n`, 'server/src/profiles/planted-repository.ts'),
        line,
      ).toContain('import-x/no-restricted-paths');
    }
  });

  it('lets a repository import Kysely, the schema and shared types', async () => {
    expect(
      await rulesBroken(
        [
          "import type { Kysely } from 'kysely';",
          "import type { Database } from '../db/schema';",
          "import { roleSchema } from '@shared/role';",
          '',
        ].join('\n'),
        'server/src/profiles/planted-repository.ts',
      ),
    ).toEqual([]);
  });

  it('refuses a service that imports a route', async () => {
    expect(
      await rulesBroken(
        "import { registerMeRoutes } from '../routes/me';\n",
        'server/src/profiles/planted-service.ts',
      ),
    ).toContain('import-x/no-restricted-paths');
  });

  it('lets a service import repositories, the audit trail and errors', async () => {
    expect(
      await rulesBroken(
        [
          "import type { ProfilesRepository } from './profiles-repository';",
          "import { agentOf, type AuditTrail } from '../audit/audit-trail';",
          "import { AppError } from '../http/app-error';",
          '',
        ].join('\n'),
        'server/src/profiles/planted-service.ts',
      ),
    ).toEqual([]);
  });
});

describe('lint keeps shared code free of either side', () => {
  it('refuses shared code that imports the server or the web app, by path or by alias', async () => {
    const planted = [
      "import type { Config } from '../server/src/config';",
      "import { apiFetch } from '../web/src/lib/api-client';",
    ];
    for (const line of planted) {
      expect(await rulesBroken(`${line}\n`, 'shared/planted.ts'), line).toContain(
        'import-x/no-restricted-paths',
      );
    }
    // The web app's alias does not resolve from shared code, so it is refused by its name.
    expect(
      await rulesBroken("import { apiFetch } from '@/lib/api-client';\n", 'shared/planted.ts'),
    ).toContain('no-restricted-imports');
  });

  it('lets shared code import shared code and packages', async () => {
    expect(
      await rulesBroken(
        ["import * as z from 'zod/mini';", "import { roleSchema } from './role';", ''].join('\n'),
        'shared/planted.ts',
      ),
    ).toEqual([]);
  });
});

describe("lint keeps Better Auth's internals behind one module", () => {
  it('refuses a server module or test that reaches past its index', async () => {
    const planted = [
      ['server/src/mfa/planted.ts', '../auth/better-auth/session-cookie'],
      ['server/src/auth/planted.ts', './better-auth/session-cookie'],
      ['tests/api/planted.ts', '../../server/src/auth/better-auth/session-cookie'],
    ] as const;
    for (const [file, module] of planted) {
      expect(
        await rulesBroken(`export { verifiedCookieToken } from '${module}';\n`, file),
        file,
      ).toContain('import-x/no-restricted-paths');
    }
  });

  it('lets them import its index, and its own modules import each other', async () => {
    expect(
      await rulesBroken(
        "export { verifiedCookieToken } from '../auth/better-auth';\n",
        'server/src/mfa/planted.ts',
      ),
    ).toEqual([]);
    expect(
      await rulesBroken(
        "export { verifiedCookieToken } from './session-cookie';\n",
        'server/src/auth/better-auth/planted.ts',
      ),
    ).toEqual([]);
  });
});

describe('lint refuses a dependency cycle', () => {
  // Kebab case, as the folder naming rule wants; the process id keeps two runs apart.
  const folder = path.join(root, `web/src/lib/cycle-fixture-${process.pid}`);
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  /** Writes the modules on disk, where the cycle rule follows imports, and lints the first. */
  async function cycleRulesBroken(
    name: string,
    modules: Record<string, string>,
  ): Promise<string[]> {
    const subfolder = path.join(folder, name);
    mkdirSync(subfolder, { recursive: true });
    for (const [file, code] of Object.entries(modules)) {
      writeFileSync(path.join(subfolder, file), code);
    }
    const [first] = Object.keys(modules);
    const [result] = await eslint.lintFiles([path.join(subfolder, first!)]);
    return result?.messages.map((message) => message.ruleId ?? message.message) ?? [];
  }

  it('between two modules that import each other', async () => {
    expect(
      await cycleRulesBroken('values', {
        'first.ts': "import { second } from './second';\nexport const first = () => second;\n",
        'second.ts': "import { first } from './first';\nexport const second = () => first;\n",
      }),
    ).toContain('sewa/no-import-cycle');
  });

  it('when the imports that close it are type-only, through a module between', async () => {
    expect(
      await cycleRulesBroken('one-way', {
        'first.ts':
          "import type { Second } from './second';\nexport interface First { second: Second }\n",
        'second.ts': "export type { Third as Second } from './third';\n",
        'third.ts':
          "import type { First } from './first';\nexport interface Third { first: First }\n",
      }),
    ).toContain('sewa/no-import-cycle');
  });

  it('not when the imports go one way', async () => {
    expect(
      await cycleRulesBroken('one-way', {
        'first.ts':
          "import type { Second } from './second';\nexport interface First { second: Second }\n",
        'second.ts': 'export interface Second { name: string }\n',
      }),
    ).toEqual([]);
  });
});

describe('lint refuses a file name that is not kebab case', () => {
  it.each(['web/src/lib/numberFormat.ts', 'server/src/routes/Health_Check.ts'])(
    '%s',
    async (file) => {
      expect(await rulesBroken('export const planted = 1;\n', file)).toContain(
        'check-file/filename-naming-convention',
      );
    },
  );

  it('accepts kebab case with a test or config suffix and a leading number', async () => {
    for (const file of [
      'web/src/lib/number-format.test.ts',
      'server/src/db/migrations/0099-planted.ts',
    ]) {
      expect(await rulesBroken('export const planted = 1;\n', file)).toEqual([]);
    }
  });
});
