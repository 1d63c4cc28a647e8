// Bundles the server into ES modules (dependencies stay in node_modules), then writes the
// embedded-database template that a first start copies instead of running initdb.
import { spawnSync } from 'node:child_process';
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'server/src/main.ts',
    'write-embedded-template': 'server/src/cli/write-embedded-template.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  tsconfig: 'tsconfig.json',
  logLevel: 'warning',
});

const template = spawnSync(
  process.execPath,
  ['dist/server/write-embedded-template.js', 'dist/server/embedded-template.tar.gz'],
  { stdio: 'inherit' },
);
if (template.status !== 0) process.exit(template.status ?? 1);
