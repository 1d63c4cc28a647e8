import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { moduleVisitor, relative } from 'eslint-plugin-import-x/utils';
import ts from 'typescript';

/**
 * Refuses an import that leads back to the module it is in, however many modules lie between.
 * `import-x/no-cycle` leaves type-only imports out, and has no option to count them; here they
 * count like any other, since a cycle of types ties two modules together just as much: neither
 * can be understood, moved or split without the other.
 */

/** The project modules a file imports, by absolute path, kept while the file is unchanged. */
const importsByFile = new Map();

function isProjectModule(file) {
  return file !== null && file !== undefined && !file.split(path.sep).includes('node_modules');
}

function resolveFrom(specifier, sourceFile, context) {
  try {
    const resolved = relative(specifier, sourceFile, context.settings, context);
    return isProjectModule(resolved) ? resolved : null;
  } catch {
    // A module that does not resolve cannot lead anywhere; `tsc` reports it.
    return null;
  }
}

function importsOf(file, context) {
  let modified;
  try {
    modified = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const known = importsByFile.get(file);
  if (known?.modified === modified) return known.imports;
  // Every import and re-export, `import type` included, read without type information.
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const imports = importedFiles
    .map(({ fileName }) => resolveFrom(fileName, file, context))
    .filter((resolved) => resolved !== null);
  importsByFile.set(file, { modified, imports });
  return imports;
}

/** The shortest chain of imports from `start` back to `file`, or null when there is none. */
function chainBack(start, file, context) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    for (const next of importsOf(current, context)) {
      if (next === file) {
        const chain = [current];
        for (let step = cameFrom.get(current); step !== null; step = cameFrom.get(step)) {
          chain.unshift(step);
        }
        return chain;
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, current);
        queue.push(next);
      }
    }
  }
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Modules import one way: no import leads back to its module.' },
    schema: [],
    messages: {
      cycle:
        'Modules import one way, type-only imports included: this import leads back here ({{chain}}). Move what both need into a module of its own.',
    },
  },
  create(context) {
    const file = context.physicalFilename;
    if (!path.isAbsolute(file)) return {};
    const shown = (module) => path.relative(context.cwd, module);
    return moduleVisitor(
      (source, importer) => {
        const imported = resolveFrom(String(source.value), file, context);
        if (imported === null || imported === file) return;
        const chain = chainBack(imported, file, context);
        if (chain === null) return;
        context.report({
          node: importer,
          messageId: 'cycle',
          data: { chain: [file, ...chain, file].map(shown).join(' → ') },
        });
      },
      { esmodule: true, commonjs: true },
    );
  },
};
