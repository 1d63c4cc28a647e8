import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
  ruleFilter: ({ ruleId }) => ruleId.startsWith('import-x/') || ruleId.startsWith('check-file/'),
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
  const folder = mkdtempSync(path.join(root, 'web/src/lib/cycle-fixture-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('between two modules that import each other', async () => {
    // The cycle rule follows imports on disk, so the two modules are written there.
    writeFileSync(
      path.join(folder, 'first.ts'),
      "import { second } from './second';\nexport const first = () => second;\n",
    );
    writeFileSync(
      path.join(folder, 'second.ts'),
      "import { first } from './first';\nexport const second = () => first;\n",
    );
    const [result] = await eslint.lintFiles([path.join(folder, 'first.ts')]);
    expect(result?.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
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
