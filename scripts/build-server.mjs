// Bundles the server and its dependencies into ES modules, then writes the embedded-database
// template that a first start copies instead of running initdb. Resolving and loading a few
// hundred files from node_modules took about as long as the rest of a start together.
// PGlite stays in node_modules: it finds its WebAssembly and data files next to its own module;
// so does sharp, which loads its native binary (the `@img/sharp-<platform>` package) at run time.
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
  target: 'node24',
  format: 'esm',
  external: ['@electric-sql/pglite', '@electric-sql/pglite/*', 'sharp'],
  // Dependencies written as CommonJS call `require`, which ES modules do not have.
  banner: {
    js: "import { createRequire as sewaCreateRequire } from 'node:module'; const require = sewaCreateRequire(import.meta.url);",
  },
  sourcemap: true,
  tsconfig: 'tsconfig.json',
  logLevel: 'warning',
});

const template = spawnSync(
  process.execPath,
  ['dist/server/write-embedded-template.js', 'dist/server/embedded-template'],
  { stdio: 'inherit' },
);
if (template.status !== 0) process.exit(template.status ?? 1);
