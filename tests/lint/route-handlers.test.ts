import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const routes = path.resolve(import.meta.dirname, '../../server/src/routes');

/** The most lines a route handler may have: it parses, calls one service function and answers. */
const maxHandlerLines = 40;

const methods = new Set(['get', 'post', 'put', 'patch', 'delete', 'all', 'route']);

/** Each handler registered in a route file: the function passed last to `app.get(…)` and the like. */
function handlersOf(file: string): { route: string; lines: number }[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: { route: string; lines: number }[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      methods.has(node.expression.name.text)
    ) {
      const handler = node.arguments.at(-1);
      const [first] = node.arguments;
      if (handler && (ts.isArrowFunction(handler) || ts.isFunctionExpression(handler))) {
        const start = source.getLineAndCharacterOfPosition(handler.getStart(source)).line;
        const end = source.getLineAndCharacterOfPosition(handler.getEnd()).line;
        const route = first && ts.isStringLiteralLike(first) ? first.text : '(unnamed)';
        found.push({
          route: `${node.expression.name.text.toUpperCase()} ${route}`,
          lines: end - start + 1,
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('route handlers', () => {
  const files = readdirSync(routes).filter((name) => name.endsWith('.ts'));

  it('are found in every route file', () => {
    const counted = files.flatMap((name) => handlersOf(path.join(routes, name)));
    expect(counted.length).toBeGreaterThan(30);
  });

  it.each(files)(`in %s are at most ${maxHandlerLines} lines each`, (name) => {
    const tooLong = handlersOf(path.join(routes, name)).filter(
      (handler) => handler.lines > maxHandlerLines,
    );
    expect(tooLong).toEqual([]);
  });
});
